# libcu++'s <cuda/std/...> headers, the list taken from the toolkit's include/cccl (NVRTC
# finds each there): on the CPU backend the C++17 ones compile together (the host's library
# under cuda::std), and each other one is in the list of the GPU's only (C++20's), whose
# #include is an error naming it. A new header in the toolkit fails this test until it
# is placed in one list or the other.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
CCCL=${CUDA_HOME:-/usr/local/cuda}/include/cccl/cuda/std
[ -d "$CCCL" ] || { echo "no $CCCL: skipped"; exit 0; }
cpu="array atomic bitset cassert ccomplex cfloat chrono climits cmath complex cstddef cstdint
cstdlib cstring ctime functional initializer_list iterator limits memory numeric optional ratio
tuple type_traits utility variant version"
gpu="barrier bit concepts expected inplace_vector latch linalg mdspan numbers ranges semaphore
source_location span"
for h in $(ls "$CCCL" | grep -v '^_' | grep -v '^detail$'); do
  case " $(echo $cpu $gpu) " in *" $h "*) ;; *) echo "cuda/std/$h is in neither list"; exit 1 ;; esac
done
for h in $cpu; do echo "#include <cuda/std/$h>"; done > "$T/all.cu"
echo 'extern "C" __global__ void k(int *p) { cuda::std::array<int, 2> a = {1, 2}; p[0] = a[1]; }' >> "$T/all.cu"
$PYKC run --cpu "$T/all.cu" --kernel k --grid 1 --block 1 p=zeros:int32:1 --print p > "$T/out" 2>&1 &&
  grep -q 'p = \[2\]' "$T/out" || { echo "the CPU's libcu++ headers:"; cat "$T/out"; exit 1; }
printf '#include <cuda/std/mdspan>\nextern "C" __global__ void k(int *p) { p[0] = 1; }\n' > "$T/g.cu"
$PYKC run --cpu "$T/g.cu" --kernel k --grid 1 --block 1 p=zeros:int32:1 > "$T/out" 2>&1
st=$?
[ $st = 1 ] && grep -q "<cuda/std/mdspan> is CUDA's: the CPU backend does not have it" "$T/out" ||
  { echo "a GPU-only header: exit $st"; cat "$T/out"; exit 1; }
exit 0
