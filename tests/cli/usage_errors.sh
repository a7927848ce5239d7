# Bad command lines of the runtime subcommands: exit status 2 and a message that says why.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
fails=0
# expect STATUS TEXT ARGS...
expect() {
  want=$1 text=$2; shift 2
  "$PYKC" "$@" > "$T/out" 2>&1
  st=$?
  if [ "$st" != "$want" ] || ! grep -qF -- "$text" "$T/out"; then
    echo "pykc $*: exit $st (want $want), output:"; cat "$T/out"; echo "(want: $text)"
    fails=$((fails + 1))
  fi
}
printf 'extern "C" __global__ void k(float *x, int n) { if (threadIdx.x < n) x[threadIdx.x] = 1; }\n' > "$T/k.cu"
S="examples/saxpy.py --kernel saxpy --grid 1 --block 32"
ARGS="a=2.0 x=arange:float32:32 y=ones:float32:32 out=zeros:float32:32"
expect 2 "run launches one kernel: give one --kernel NAME" run examples/saxpy.py --kernel saxpy --kernel y --grid 1 --block 32 $ARGS
expect 2 "kernel 'saxpy' needs --grid and --block" run examples/saxpy.py --kernel saxpy $ARGS
expect 2 "bad --grid '0'" run examples/saxpy.py --kernel saxpy --grid 0 --block 32 $ARGS
expect 2 "bad --block '32,x'" run examples/saxpy.py --kernel saxpy --grid 1 --block 32,x $ARGS
expect 2 "bad --time" run $S --time=0 $ARGS
expect 2 "--device picks a GPU and --cpu the CPU backend: give one of them" run --cpu --device 1 $S $ARGS
# an empty value is no value (-o '' was exit 3, "pykc: : not a file name"; a=@ "a: : No such file")
expect 2 "option '--output' needs a value, got ''" cuda examples/saxpy.py -o ''
expect 2 "option '--kernel' needs a value, got ''" cuda examples/saxpy.py --kernel=
expect 2 "option '--grid' needs a value, got ''" run examples/saxpy.py --grid '' --block 1 $ARGS
expect 2 "argument 'x': expected @PATH.npy after '='" run --cpu $S a=2.0 x=@ y=ones:float32:32 out=zeros:float32:32
expect 2 "bad --axis '99' (expected an integer axis, -8 to 7)" run --cpu examples/l2_norm.py --kernel l2norm x=arange:float32:4x10 --axis 99
expect 2 "--device picks a GPU and --cpu the CPU backend: give one of them" run $S --device=0 $ARGS --cpu
expect 2 "option '--grid' needs a value" run examples/saxpy.py --kernel saxpy --block 1 --grid
expect 2 "unknown option '--frobnicate'" run $S --frobnicate $ARGS
expect 2 "unknown option '--grdi'; did you mean '--grid'?" run examples/saxpy.py --grdi 1 --block 32 $ARGS
expect 2 "unknown command 'rnu'; did you mean 'run'?" rnu $S $ARGS
expect 2 "missing argument 'out' (kernel 'saxpy' takes a, x, y, out)" run --cpu $S a=2.0 x=arange:float32:32 y=ones:float32:32
expect 2 "unknown argument 'z' (kernel 'saxpy' takes a, x, y, out)" run --cpu $S $ARGS z=1
expect 2 "argument 'a' given twice" run --cpu $S $ARGS a=3.0
expect 2 "kernel 'saxpy' has no array argument 'q'" run --cpu $S $ARGS --print q
expect 2 "bad --out" run --cpu $S $ARGS --out out
expect 2 "no kernel named 'nosuch' in examples/saxpy.py (kernels: saxpy)" run --cpu examples/saxpy.py --kernel nosuch --grid 1 --block 1
expect 2 "no kernel named 'saxpyy' in examples/saxpy.py (kernels: saxpy); did you mean 'saxpy'?" run --cpu examples/saxpy.py --kernel saxpyy --grid 1 --block 1
expect 2 "argument 'x': expected float32[:], got int64[:]" run --cpu $S a=2.0 x=arange:int64:32 y=ones:float32:32 out=zeros:float32:32
expect 2 "argument 'y': expected float32[:], got float32[:, :]" run --cpu $S a=2.0 x=arange:float32:32 y=ones:float32:4x8 out=zeros:float32:32
expect 2 "argument 'n': expected int32, got float32" run --cpu examples/vector_add.py --kernel vector_add --grid 1 --block 32 x=arange:float32:32 y=ones:float32:32 out=zeros:float32:32 n=2.5
expect 2 "$T/k.cu is CUDA C++: 'cuda' reads the kernel language (.py)" cuda "$T/k.cu"
expect 2 "$T/k.cu is CUDA C++: 'check' reads the kernel language (.py)" check "$T/k.cu"
expect 2 "ptx needs a FILE" ptx
expect 2 "only one input file" ptx examples/saxpy.py examples/vector_add.py
expect 2 "bad --arch 'sm_x'" ptx examples/saxpy.py --arch sm_x
expect 2 "does not support 'sm_20'" ptx examples/saxpy.py --arch sm_20
expect 2 "option '-o' is not valid here" run $S -o x.npy $ARGS
expect 2 "usage: pykc cache info|clear" cache bogus
# an array type of more than 8 dimensions in --sig: a message (the emitter overflowed its
# index list and pykc cuda died of SIGSEGV)
expect 2 "bad --sig 'saxpy(float32, float32[:,:,:,:,:,:,:,:,:], float32[:], float32[:])': an array type of more than 8 dimensions (pykc takes at most 8)" \
  cuda examples/saxpy.py --sig 'saxpy(float32, float32[:,:,:,:,:,:,:,:,:], float32[:], float32[:])'
# a .cu scalar needs :DTYPE (checked before any GPU is needed)
printf 'extern "C" __global__ void k(float *x, int n) { if (threadIdx.x < n) x[threadIdx.x] = 1; }\n' > "$T/k.cu"
expect 2 "argument 'n': a scalar for a .cu kernel needs :DTYPE" run "$T/k.cu" --kernel k --grid 1 --block 1 x=zeros:float32:4 n=4
expect 2 "no kernel 'q' in $T/k.cu (kernels: k)" run "$T/k.cu" --kernel q --grid 1 --block 1
# a .cu kernel of more parameters than pykc passes ("pykc_prepare: kernel 'k': nargs is 130")
i=0 params="float *x" args="x=zeros:float32:1"
while [ $i -lt 129 ]; do params="$params, int a$i"; args="$args a$i=1:int32"; i=$((i + 1)); done
printf 'extern "C" __global__ void k(%s) { x[0] = 1; }\n' "$params" > "$T/many.cu"
expect 2 "kernel 'k': 130 arguments, more than the 128 that pykc passes to a kernel" \
  run --cpu "$T/many.cu" --kernel k --grid 1 --block 1 $args
exit $fails
