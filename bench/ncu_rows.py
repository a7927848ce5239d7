"""Nsight Compute's CSV (--csv --page raw) of bench/contig21.py --ncu as one line per
variant: each variant ran 3 times in a row and ORDER names them in turn; the line is the
second launch of each (the first warms up).
  python3 bench/ncu_rows.py CSV ORDER"""
import csv
import sys

SCALE = {"nsecond": 1e-3, "usecond": 1, "msecond": 1e3}


def main():
    rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 5]
    names = [l.strip() for l in open(sys.argv[2]) if l.strip()]
    if len(rows) < 3:
        sys.exit("ncu_rows: ncu printed no rows (permissions? see bench/ncu_saxpy.sh)")
    head, units, data = rows[0], rows[1], rows[2:]
    if len(data) != 3 * len(names):
        sys.exit(f"ncu_rows: {len(data)} launches profiled for {len(names)} variants x 3")
    col = {h: i for i, h in enumerate(head)}

    def f(r, k):
        try:
            return float(r[col[k]].replace(",", "")) * SCALE.get(units[col[k]], 1)
        except (KeyError, ValueError):
            return float("nan")
    print("ncu: variant, duration us, DRAM % of peak, sectors/request (ld), achieved "
          "occupancy %, registers, waves/SM, instructions (M)")
    for k, name in enumerate(names):
        r = data[3 * k + 1]
        sec = f(r, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum") / max(
            f(r, "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"), 1)
        print(f"  {name:<22}{f(r, 'gpu__time_duration.sum'):8.1f}"
              f"{f(r, 'dram__throughput.avg.pct_of_peak_sustained_elapsed'):7.1f}{sec:6.2f}"
              f"{f(r, 'sm__warps_active.avg.pct_of_peak_sustained_active'):7.1f}"
              f"{f(r, 'launch__registers_per_thread'):5.0f}{f(r, 'launch__waves_per_multiprocessor'):8.2f}"
              f"{f(r, 'smsp__inst_executed.sum') / 1e6:9.2f}")


if __name__ == "__main__":
    main()
