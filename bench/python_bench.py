#!/usr/bin/env python3
"""Speed of the Python module (issue #16), each figure beside what it is
compared with, measured in the same run:

  1. Scorer.score on a warm schema against the C++ score_pair, per pair: the
     pair of engine/score/score_benchmark.cc's BM_ScorePairEquivalent (read
     from that file, so both score the same text), CPU time per pair, the
     Google Benchmark binary run before and after the Python loop;
  2. score_batch on ROWS rows from Python lists (bench/make_rows.py's rows:
     NL2GQL schemas, references and four shapes of answer) on THREADS threads,
     in pairs per minute, result dicts included;
  3. gqleval.dask.score_dataframe on a distributed.LocalCluster of 2 worker
     processes against score_batch(as_frame=True) in this process, on the same
     DASK_ROWS rows, wall time of each (the overhead: shipping partitions to
     the workers and the results back);
  4. score_batch on REPEAT_ROWS distinct rows (make_rows's, each answer given
     a comment of its own so that no two rows are equal) against the same
     rows each given four times in a row, one thread, CPU time of the call and
     of freeing its results (medians of five, alternating): what a repeated
     row costs beside a scored one.

    PYTHONPATH=build-py/python /usr/bin/python3 bench/python_bench.py \
        [--build build-py] [--rows 1000000] [--threads 2] [--dask-rows 200000] \
        [--repeat-rows 20000]

The load average is printed before and after: the figures mean little on a
busy machine without it.
"""

import argparse
import csv
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import gqleval  # noqa: E402
from make_rows import DEFAULT_SOURCE, candidates  # noqa: E402


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def benchmark_pair():
    src = open(os.path.join(HERE, "..", "engine", "score", "score_benchmark.cc")).read()

    def literal(name):
        return re.search(r"constexpr std::string_view " + name + r' = R"\((.*?)\)";', src,
                         re.S).group(1)

    return literal("kSchema"), literal("kReference"), literal("kCandidate")


def cpp_per_pair(build):
    binary = os.path.join(build, "engine", "score", "gqleval_score_benchmark")
    out = subprocess.run([binary, "--benchmark_filter=BM_ScorePairEquivalent$",
                          "--benchmark_repetitions=3", "--benchmark_format=json"],
                         capture_output=True, text=True, check=True).stdout
    runs = [b for b in json.loads(out)["benchmarks"] if b.get("aggregate_name") == "median"]
    return runs[0]["cpu_time"] / 1000, runs[0]["real_time"] / 1000  # us


def python_per_pair(n=100000):
    schema, ref, cand = benchmark_pair()
    scorer = gqleval.Scorer()
    assert scorer.score(schema, ref, cand)["verdict"] == "equivalent"
    best_cpu = best_wall = float("inf")
    for _ in range(3):
        c0, w0 = time.process_time(), time.perf_counter()
        for _ in range(n):
            scorer.score(schema, ref, cand)
        best_cpu = min(best_cpu, (time.process_time() - c0) / n * 1e6)
        best_wall = min(best_wall, (time.perf_counter() - w0) / n * 1e6)
    return best_cpu, best_wall


def make_rows(n):
    with open(DEFAULT_SOURCE, newline="", encoding="utf-8-sig") as f:
        source = list(csv.DictReader(f))
    shapes = [candidates(r) for r in source]
    schemas, refs, cands = [], [], []
    for i in range(n):
        k = i % len(source)
        schemas.append(source[k]["schema"])
        refs.append(source[k]["gt_query"])
        cands.append(shapes[k][(i // len(source) + k) % 4])
    return schemas, refs, cands


def batch(rows, threads):
    c0, w0 = time.process_time(), time.perf_counter()
    out = gqleval.score_batch(*rows, threads=threads)
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    assert len(out) == len(rows[0])
    return wall, cpu, out


def dask_overhead(rows, threads):
    import dask.dataframe as dd
    import pandas as pd
    from distributed import Client, LocalCluster

    import gqleval.dask

    frame = pd.DataFrame({"schema": rows[0], "reference": rows[1], "candidate": rows[2]})
    w0 = time.perf_counter()
    local = gqleval.score_batch(frame["schema"], frame["reference"], frame["candidate"],
                                threads=threads, as_frame=True)
    local_wall = time.perf_counter() - w0
    with Client(LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                             dashboard_address=None)) as client:
        client.submit(lambda: 0).result()  # workers up before the clock starts
        w0 = time.perf_counter()
        ddf = dd.from_pandas(frame, npartitions=8)
        got = gqleval.dask.score_dataframe(ddf).compute()
        dask_wall = time.perf_counter() - w0
    assert got["verdict"].tolist() == local["verdict"].tolist()
    return local_wall, dask_wall


def repeated_rows(n):
    """CPU seconds of score_batch on n distinct rows and on the same rows each
    given four times, results freed included: (one, four)."""
    import statistics
    schemas, refs, cands = make_rows(n)
    cands = [c + "\n# %d" % i for i, c in enumerate(cands)]
    four = tuple([x for x in column for _ in range(4)] for column in (schemas, refs, cands))

    def cpu(rows):
        c0 = time.process_time()
        out = gqleval.score_batch(*rows, threads=1)
        del out
        return time.process_time() - c0

    one_s, four_s = [], []
    for _ in range(5):
        one_s.append(cpu((schemas, refs, cands)))
        four_s.append(cpu(four))
    return statistics.median(one_s), statistics.median(four_s)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build-py"))
    ap.add_argument("--rows", type=int, default=1000000)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--dask-rows", type=int, default=200000)
    ap.add_argument("--repeat-rows", type=int, default=20000)
    args = ap.parse_args()
    print(f"load average before: {load()}; {os.cpu_count()} cores")

    cpp_before = cpp_per_pair(args.build)
    py_cpu, py_wall = python_per_pair()
    cpp_after = cpp_per_pair(args.build)
    cpp_cpu = min(cpp_before[0], cpp_after[0])
    print(f"score_pair (C++, BM_ScorePairEquivalent median of 3, before/after): CPU "
          f"{cpp_before[0]:.2f} / {cpp_after[0]:.2f} us, wall {cpp_before[1]:.2f} / "
          f"{cpp_after[1]:.2f} us")
    print(f"Scorer.score (Python, best of 3 x 100,000): CPU {py_cpu:.2f} us, wall "
          f"{py_wall:.2f} us; CPU ratio to C++ {py_cpu / cpp_cpu:.2f}x")

    rows = make_rows(args.rows)
    wall, cpu, out = batch(rows, args.threads)
    print(f"score_batch: {args.rows:,} rows, {args.threads} threads: {wall:.2f} s wall, "
          f"{cpu:.2f} s CPU, {args.rows / wall * 60:,.0f} pairs/min "
          f"({cpu / args.rows * 1e6:.2f} us CPU a pair)")
    s = gqleval.summary(out)
    del out
    print(f"  verdicts: " + ", ".join(f"{k} {v['count']}" for k, v in s["verdicts"].items()
                                      if v["count"]))

    if args.dask_rows:
        n = args.dask_rows
        local_wall, dask_wall = dask_overhead(tuple(c[:n] for c in rows), args.threads)
        print(f"dask: {n:,} rows, 8 partitions, LocalCluster 2 workers x 1 thread: "
              f"{dask_wall:.2f} s; score_batch(as_frame=True, threads={args.threads}) in "
              f"process: {local_wall:.2f} s; overhead {dask_wall - local_wall:+.2f} s "
              f"({dask_wall / local_wall:.2f}x)")
    if args.repeat_rows:
        n = args.repeat_rows
        one, four = repeated_rows(n)
        print(f"score_batch, repeated rows: {n:,} distinct rows {one:.3f} s CPU; each given "
              f"four times ({4 * n:,} rows) {four:.3f} s; ratio {four / one:.2f}x")
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
