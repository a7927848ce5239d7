#!/bin/sh
# Issue 21 §5 (GPU, Nsight Compute): what keeps saxpy over 1e8 float32 below the copy
# bandwidth. Times the variants (bench/saxpy_bw.py), then profiles each kernel with ncu:
# DRAM throughput (% of peak), global load sectors per request, achieved occupancy,
# waves per SM (the tail) and duration. One line per kernel.
#   sh bench/ncu_saxpy.sh      (after make; needs CuPy and ncu)
cd "$(dirname "$0")/.." || exit 2
export PATH=/usr/local/cuda/bin:$PATH
python3 bench/saxpy_bw.py || exit 1
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -n 1)
if [ -z "$NCU" ]; then echo "ncu_saxpy: no ncu here"; exit 0; fi
csv=$(mktemp)
m=dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum
m=$m,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
m=$m,sm__warps_active.avg.pct_of_peak_sustained_active,launch__waves_per_multiprocessor
m=$m,dram__bytes_read.sum,dram__bytes_write.sum
"$NCU" --csv --page raw --metrics "$m" -k regex:saxpy python3 bench/saxpy_bw.py --ncu > "$csv" 2>/dev/null
python3 - "$csv" <<'PY'
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 5]
if not rows:
    sys.exit("ncu_saxpy: ncu printed no rows (permissions? try sudo, or NVreg_RestrictProfilingToAdminUsers=0)")
head, units, data = rows[0], rows[1], rows[2:]
col = {h: i for i, h in enumerate(head)}
SCALE = {"nsecond": 1e-3, "usecond": 1, "msecond": 1e3, "byte": 1e-9, "Kbyte": 1e-6,
         "Mbyte": 1e-3, "Gbyte": 1, "Tbyte": 1e3}
def f(r, k):
    try:
        return float(r[col[k]].replace(",", "")) * SCALE.get(units[col[k]], 1)
    except (KeyError, ValueError):
        return float("nan")
print("ncu: kernel, duration us, DRAM % of peak, GB moved, sectors/request (ld), achieved occupancy %, waves/SM")
seen = {}
for r in data:
    name = r[col.get("Kernel Name", 4)][:40]
    seen[name] = seen.get(name, 0) + 1
    if seen[name] != 2:            # the second launch of each (the first is a warm-up)
        continue
    sec = f(r, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum") / max(f(r, "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"), 1)
    gb = f(r, "dram__bytes_read.sum") + f(r, "dram__bytes_write.sum")
    print(f"  {name:<40} {f(r, 'gpu__time_duration.sum'):8.1f} "
          f"{f(r, 'dram__throughput.avg.pct_of_peak_sustained_elapsed'):6.1f} {gb:6.2f} {sec:5.1f} "
          f"{f(r, 'sm__warps_active.avg.pct_of_peak_sustained_active'):6.1f} "
          f"{f(r, 'launch__waves_per_multiprocessor'):7.1f}")
PY
rm -f "$csv"
