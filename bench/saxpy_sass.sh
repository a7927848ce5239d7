#!/bin/sh
# Issue 21 §5: the SASS of pykc's map twin of saxpy (examples/saxpy.py's saxpy__map, the
# C-contiguous specialisation's) beside nvcc -O3's hand-batched grid-stride kernel
# (bench/ref/saxpy_hints.cu's saxpy_gs4), sm_90: loads, stores and instructions of each
# function and of its main loop (the first backward branch's body). Needs cuobjdump (and
# nvdisasm: NVDISASM_PATH); no GPU.   sh bench/saxpy_sass.sh [OUTDIR]
cd "$(dirname "$0")/.." || exit 2
export PATH=/usr/local/cuda/bin:$PATH
OBJ=${CUOBJDUMP:-$(command -v cuobjdump)}
[ -n "$OBJ" ] || { echo "saxpy_sass: no cuobjdump (CUOBJDUMP=path)"; exit 2; }
T=${1:-$(mktemp -d)}
mkdir -p "$T"
build/pykc cubin examples/saxpy.py --arch sm_90 -o "$T/pykc.cubin" \
  --sig 'saxpy(float32, float32[::1], float32[::1], float32[::1])' || exit 1
nvcc -O3 -cubin -arch=sm_90 -o "$T/nvcc.cubin" bench/ref/saxpy_hints.cu || exit 1
"$OBJ" -sass -fun saxpy__map "$T/pykc.cubin" > "$T/pykc_saxpy__map.sass" || exit 1
"$OBJ" -sass -fun saxpy_gs4 "$T/nvcc.cubin" > "$T/nvcc_saxpy_gs4.sass" || exit 1
python3 - "$T/pykc_saxpy__map.sass" "$T/nvcc_saxpy_gs4.sass" <<'PY'
import os, re, sys
for path in sys.argv[1:]:
    ins = [(int(m.group(1), 16), m.group(2)) for m in
           re.finditer(r"/\*([0-9a-f]{4,})\*/\s+(.*?);", open(path).read())]
    loop = next(((int(t, 16), a) for a, s in ins for t in re.findall(r"BRA (0x[0-9a-f]+)", s)
                 if int(t, 16) < a), None)        # the first backward branch: the main loop
    body = [s for a, s in ins if loop and loop[0] <= a <= loop[1]]
    count = lambda xs, op: sum(op in s for s in xs)
    print(f"{os.path.basename(path)[:-5]:<22} {len(ins):4d} instructions, {count(ins and [s for _, s in ins], 'LDG'):3d} LDG, "
          f"{count([s for _, s in ins], 'STG'):3d} STG; main loop {len(body):3d} instructions, "
          f"{count(body, 'LDG'):2d} LDG, {count(body, 'STG'):2d} STG")
PY
echo "(SASS in $T)"
