#!/usr/bin/env python3
"""Times the CPU a row costs, an old build of `gqleval` against a new one, side by
side, and checks that their results are byte-identical.

    bench/row_cost.py --old OLD/gqleval --new NEW/gqleval [--before BEFORE/gqleval]
                      [--rows N] [--runs K] [--work DIR] [--threads T] [--only NAME ...]

Each case makes its rows once (bench/make_rows.py, from NL2GQL) in DIR (default
${TMPDIR:-/tmp}/gqleval_row_cost), then runs its commands K times each (default
5), alternating, and prints each one's median CPU seconds (user + system, of the
process and its threads) with the ratio to the case's first command. The cases:

  schema_cells    every row carries its schema text (as RGEval's CSV does) and a
                  candidate that is another text than its reference (an alias):
                  old and new, `score -j T` (T default 1), and the build before
                  between them when --before names another build than --old
  schema_paths    the rows name a 1.5 MB schema file by path, against the same
                  rows scored with `--schema FILE`: the new build (and the old,
                  for the path rows)
  same_answer     four candidate columns holding one answer, against one column:
                  the new build (and the old, for four columns)
  row_parts       the schema_cells rows in two parts, for each build (old, before
                  when given, new): the row's fixed part is the CPU of the same
                  rows whose reference and candidate are the smallest query,
                  `{ __typename }` (the row read, its schema cell found, the
                  input hashed, the line written); the queries' part is the
                  whole row's CPU less that. Microseconds a row.

The speed baseline (--old) may be a build whose results differ on purpose (an
earlier results_version); --before (default: --old) is the build whose bytes the
new one must write: each new command is run once more with it, untimed, and the
two results files must be byte-identical, or the script says which differ and
exits with 1.
"""
import argparse
import csv
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BIG_SCHEMA_BYTES = 1_500_000


def cpu_seconds(argv):
    """Runs argv; returns its user + system CPU seconds."""
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    err = proc.stderr.read().decode()
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit("failed: %s\n%s" % (" ".join(argv), err))
    return usage.ru_utime + usage.ru_stime


def make_rows(work, name, rows, *options):
    path = os.path.join(work, name + ".csv")
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(HERE, "make_rows.py"), str(rows), path,
                        *options], check=True)
    return path


def big_schema(work, rows_csv):
    """One row's schema, padded with unused types to BIG_SCHEMA_BYTES."""
    path = os.path.join(work, "big_schema.graphql")
    if os.path.exists(path):
        return path
    with open(rows_csv, newline="", encoding="utf-8") as f:
        text = next(csv.DictReader(f))["schema"]
    parts = [text]
    size, k = len(text), 0
    while size < BIG_SCHEMA_BYTES:
        pad = "type BenchPadding%d {\n%s}\n" % (
            k, "".join("  field%d(first: Int, after: String): String\n" % j for j in range(20)))
        parts.append(pad)
        size += len(pad)
        k += 1
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(parts))
    return path


def with_schema_path(rows_csv, schema, out):
    """The rows of rows_csv with a schema_path column naming `schema`."""
    if os.path.exists(out):
        return out
    with open(rows_csv, newline="", encoding="utf-8") as f, \
            open(out, "w", newline="", encoding="utf-8") as g:
        r = csv.DictReader(f)
        names = ["schema_path" if n == "schema" else n for n in r.fieldnames]
        w = csv.writer(g, lineterminator="\n")
        w.writerow(names)
        for row in r:
            row["schema_path"] = schema
            w.writerow([row[n if n != "schema_path" else "schema_path"] for n in names])
    return out


def with_smallest_queries(rows_csv, out):
    """The rows of rows_csv with `{ __typename }` as reference and candidate."""
    if os.path.exists(out):
        return out
    with open(rows_csv, newline="", encoding="utf-8") as f, \
            open(out, "w", newline="", encoding="utf-8") as g:
        r = csv.DictReader(f)
        w = csv.DictWriter(g, r.fieldnames, lineterminator="\n")
        w.writeheader()
        for row in r:
            row["reference"] = row["candidate"] = "{ __typename }"
            w.writerow(row)
    return out


def run_parts(builds, rows, fixed_rows, runs, work, threads):
    """Prints each build's whole row, fixed part and queries' part."""
    times = {(label, kind): [] for label, _ in builds for kind in ("whole", "fixed")}
    for _ in range(runs):
        for label, binary in builds:
            for kind, path in (("whole", rows), ("fixed", fixed_rows)):
                out = os.path.join(work, "parts_%s_%s.jsonl" % (label, kind))
                times[(label, kind)].append(cpu_seconds(score(binary, path, out, threads)))
    n = count_rows(rows)
    print("== row_parts (%d runs each, median CPU microseconds a row)" % runs)
    print("  %-10s %10s %12s %10s" % ("build", "whole row", "fixed part", "queries"))
    for label, _ in builds:
        whole = statistics.median(times[(label, "whole")]) / n * 1e6
        fixed = statistics.median(times[(label, "fixed")]) / n * 1e6
        print("  %-10s %10.2f %12.2f %10.2f" % (label, whole, fixed, whole - fixed))
    sys.stdout.flush()


def count_rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return sum(1 for _ in csv.DictReader(f))


def run_case(name, commands, runs, before):
    """commands: (label, argv, out path). `before` maps argv to the argv of the
    build whose bytes the new one must write, or None (an old command)."""
    times = {label: [] for label, _, _ in commands}
    for _ in range(runs):
        for label, argv, _ in commands:
            times[label].append(cpu_seconds(argv))
    first = statistics.median(times[commands[0][0]])
    print("== %s (%d runs each, median CPU seconds)" % (name, runs))
    for label, _, _ in commands:
        m = statistics.median(times[label])
        print("  %-34s %8.3f s   x%.3f   (min %.3f, max %.3f)" %
              (label, m, m / first, min(times[label]), max(times[label])))
    for label, argv, out in commands:
        other = before(argv, out)
        if other is None:
            continue
        cpu_seconds(other[0])
        if open(out, "rb").read() != open(other[1], "rb").read():
            sys.exit("%s: %s: the results differ from the build before: %s %s" %
                     (name, label, out, other[1]))
        print("  %-34s the same bytes as the build before" % label)
    sys.stdout.flush()


def score(binary, rows, out, threads, *extra):
    return [binary, "score", rows, "--out", out, "--threads", str(threads), "--quiet", *extra]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--before")
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--work", default=os.path.join(os.environ.get("TMPDIR", "/tmp"),
                                                   "gqleval_row_cost"))
    ap.add_argument("--only", nargs="*", default=[])
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    before_binary = a.before or a.old

    def before(argv, out):
        if argv[0] != a.new:
            return None
        other = out + ".before"
        return [before_binary] + [other if x == out else x for x in argv[1:]], other

    out = lambda name: os.path.join(a.work, name + ".jsonl")  # noqa: E731
    t = a.threads
    cases = []
    cells = make_rows(a.work, "alias_%d" % a.rows, a.rows, "--shapes", "alias")
    cell_commands = [
        ("old: schema cells", score(a.old, cells, out("cells_old"), t), out("cells_old")),
        ("new: schema cells", score(a.new, cells, out("cells_new"), t), out("cells_new")),
    ]
    if a.before and a.before != a.old:  # the build before is timed beside them too
        cell_commands.insert(1, ("before: schema cells",
                                 score(a.before, cells, out("cells_before"), t),
                                 out("cells_before")))
    cases.append(("schema_cells", cell_commands))
    schema = big_schema(a.work, cells)
    paths = with_schema_path(cells, schema, os.path.join(a.work, "paths_%d.csv" % a.rows))
    cases.append(("schema_paths", [
        ("new: --schema FILE", score(a.new, paths, out("fixed_new"), t, "--schema", schema),
         out("fixed_new")),
        ("new: schema_path column", score(a.new, paths, out("paths_new"), t), out("paths_new")),
        ("old: schema_path column", score(a.old, paths, out("paths_old"), t), out("paths_old")),
    ]))
    one = make_rows(a.work, "one_%d" % a.rows, a.rows)
    columns = ["--candidate-cols", "candidate_*"]
    four = make_rows(a.work, "same4_%d" % a.rows, a.rows, "--candidates", "4", "--same-answer")
    cases.append(("same_answer", [
        ("new: one column", score(a.new, one, out("one_new"), t), out("one_new")),
        ("new: four columns, one answer", score(a.new, four, out("four_new"), t, *columns),
         out("four_new")),
        ("old: four columns, one answer", score(a.old, four, out("four_old"), t, *columns),
         out("four_old")),
    ]))
    for name, commands in cases:
        if not a.only or name in a.only:
            run_case(name, commands, a.runs, before)
    if not a.only or "row_parts" in a.only:
        builds = [("old", a.old)] + ([("before", a.before)] if a.before and a.before != a.old
                                     else []) + [("new", a.new)]
        smallest = with_smallest_queries(cells, os.path.join(a.work, "smallest_%d.csv" % a.rows))
        run_parts(builds, cells, smallest, a.runs, a.work, t)


if __name__ == "__main__":
    main()
