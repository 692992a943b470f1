#!/usr/bin/env python3
"""Coverage (`score --mode coverage`) against what the rows are known to be.

Usage: coverage_differential_test.py GQLEVAL GQLEVAL_GENERATE SHARED_DIR

- Every valid reference of the NL2GQL set, graded against itself with the
  coordinates derived from it, is `covered` (and an invalid one is
  `invalid_reference`): a query traverses what it traverses.
- Generated rows (gqleval-generate, labelled): a rewrite labelled equivalent
  that keeps every selection where it was (field order, aliases, fragments,
  variables; not the `cycle` folds and `endpoint` swaps, equivalent only under
  a rewrite rule, which coverage does not apply: it reads the answer as
  written) is `covered`; a
  mutation that drops a field (`drop_leaf`, `drop_subtree`) or an argument
  (`drop_argument`) is `not_covered` and names that coordinate among the
  missing ones, whenever the candidate lacks it: that is asked of the engine
  in the other form, the coordinate listed alone (`--required-col`), so the
  check also holds the derived form to the listed one.

Skipped (exit 77) when the shared NL2GQL set is absent."""

import csv
import json
import os
import re
import subprocess
import sys
import tempfile

csv.field_size_limit(sys.maxsize)


def score(gqleval, path, *flags):
    out = subprocess.run([gqleval, "score", path, "-q", "-o", "-", "--mode", "coverage", *flags],
                         capture_output=True, text=True, check=False)
    if out.returncode not in (0, 1):
        sys.exit(f"gqleval score {path}: exit {out.returncode}\n{out.stderr}")
    return [json.loads(line) for line in out.stdout.splitlines()]


def write_csv(path, header, rows):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


DROPPED = re.compile(r"(drop_leaf dropped|drop_subtree dropped subtree|drop_argument dropped "
                     r"argument) (\w+)\.(\w+)(?:\((\w+)\))?")


def dropped_coordinate(transform):
    m = DROPPED.search(transform)
    if not m:
        return None
    kind, type_name, field, argument = m.groups()
    if kind.startswith("drop_argument"):
        return f"{type_name}.{field}({argument}:)"
    return f"{type_name}.{field}"


def check_nl2gql(gqleval, shared, tmp, failures):
    source = os.path.join(shared, "datasets", "nl2gql", "nl2gql_test.csv")
    with open(source, newline="", encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))
    path = os.path.join(tmp, "self.csv")
    write_csv(path, ["id", "schema", "reference", "candidate"],
              [[r["id"], r["schema"], r["gt_query"], r["gt_query"]] for r in rows])
    results = score(gqleval, path, "--reference-col", "reference", "--candidate-col", "candidate",
                    "--no-extract")
    counts = {}
    for r in results:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
        if r["verdict"] not in ("covered", "invalid_reference"):
            failures.append(f"nl2gql row {r['id']}: its reference graded against itself is "
                            f"{r['verdict']}: {r['missing_coordinates']}")
    print(f"nl2gql: {len(results)} references graded against themselves: {counts}")
    if counts.get("covered", 0) < 1000:
        failures.append(f"nl2gql: only {counts.get('covered', 0)} references covered")


def check_generated(gqleval, generate, tmp, failures):
    path = os.path.join(tmp, "generated.csv")
    subprocess.run([generate, "--rows", "6000", "--seed", "23", "--out", path], check=True,
                   capture_output=True)
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    derived = score(gqleval, path)
    # Each dropped coordinate, listed alone: does the candidate lack it?
    dropped = [(i, dropped_coordinate(r["transform"])) for i, r in enumerate(rows)]
    dropped = [(i, c) for i, c in dropped if c]
    listed_path = os.path.join(tmp, "listed.csv")
    write_csv(listed_path, ["id", "schema_path", "candidate", "variables", "required"],
              [[rows[i]["id"], rows[i]["schema_path"], rows[i]["candidate"], rows[i]["variables"],
                c] for i, c in dropped])
    listed = score(gqleval, listed_path, "--required-col", "required",
                   "--schema-path-col", "schema_path")
    equivalent = mutated = elsewhere = 0
    for i, r in enumerate(rows):
        as_written = "cycle" not in r["transform"] and "endpoint" not in r["transform"]
        if r["expected_verdict"] == "equivalent" and as_written:
            equivalent += 1
            if derived[i]["verdict"] != "covered":
                failures.append(f"generated row {r['id']} ({r['transform']}): "
                                f"{derived[i]['verdict']} {derived[i]['missing_coordinates']}")
    for (i, coordinate), alone in zip(dropped, listed):
        if alone["verdict"] == "covered":
            elsewhere += 1  # the candidate still selects it, elsewhere
            continue
        mutated += 1
        missing = [m["coordinate"] for m in derived[i]["missing_coordinates"]]
        if derived[i]["verdict"] != "not_covered" or coordinate not in missing:
            failures.append(f"generated row {rows[i]['id']} ({rows[i]['transform']}): "
                            f"{derived[i]['verdict']}, missing {missing}, not {coordinate}")
    print(f"generated: {equivalent} equivalent rewrites covered, {mutated} dropped coordinates "
          f"named ({elsewhere} still selected elsewhere)")
    if equivalent < 1000 or mutated < 300:
        failures.append("generated: too few rows of a kind to check")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    gqleval, generate, shared = sys.argv[1:]
    if not os.path.exists(os.path.join(shared, "datasets", "nl2gql", "nl2gql_test.csv")):
        print(f"SKIP: the shared NL2GQL set is absent under {shared}")
        sys.exit(77)
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        check_nl2gql(gqleval, shared, tmp, failures)
        check_generated(gqleval, generate, tmp, failures)
    for f in failures[:40]:
        print("FAIL:", f)
    print(f"coverage differential: {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
