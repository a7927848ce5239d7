#!/bin/sh
# Issue 21, branch contig21 (GPU, about 4 minutes, with build/ carried): before and after
# of the C-contiguous twins of stencil2d and histogram and of saxpy, in one process each.
#   1. bench/contig21.py twice: pykc's twin (this build), main's twin, candidate shapes
#      (bench/ref/proto21.cu) and nvcc -O3, the variants taking turns and then one after
#      the other (bench.py's order), each against nvcc;
#   2. bench.py's kernel table (BENCH_ONLY=kernels);
#   3. Nsight Compute on bench/contig21.py's kernels: duration, DRAM throughput (% of peak),
#      global load sectors per request, achieved occupancy, registers per thread, waves;
#   4. bench/ncu_saxpy.sh: saxpy over 1e8 float32 against the copy bandwidth, with ncu.
#   sh bench/contig21.sh        (output: stdout; logs under $OUT or ./gpu-out)
cd "$(dirname "$0")/.." || exit 2
export PATH=/usr/local/cuda/bin:$PATH
O=${OUT:-gpu-out}; mkdir -p "$O"
sh tools/gpu-carried.sh || exit 1                 # the extension for this python3
st=0
for i in 1 2; do
  timeout 150 python3 bench/contig21.py || st=1
done
BENCH_ONLY=kernels timeout 120 python3 bench/bench.py || st=1
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -n 1)
if [ -n "$NCU" ]; then
  m=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed
  m=$m,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
  m=$m,sm__warps_active.avg.pct_of_peak_sustained_active,launch__waves_per_multiprocessor
  m=$m,launch__registers_per_thread,smsp__inst_executed.sum
  NCU_ORDER="$O/ncu-order.txt" timeout 240 "$NCU" --csv --page raw --metrics "$m" \
    -k 'regex:^(saxpy|stencil2d|histogram)' python3 bench/contig21.py --ncu > "$O/ncu.csv" 2> "$O/ncu.err" || st=1
  python3 bench/ncu_rows.py "$O/ncu.csv" "$O/ncu-order.txt" || st=1
else
  echo "contig21: no ncu here"
fi
timeout 180 sh bench/ncu_saxpy.sh || st=1
exit $st
