#!/usr/bin/env python3
"""Compares the generator's labels with gqleval's verdicts, row by row.

    check_labels.py ROWS.csv|ROWS.jsonl RESULTS.jsonl [--show N]

ROWS is what gqleval-generate wrote (columns id, expected_verdict,
expected_missing, expected_extra, transform, ...); RESULTS is what
`gqleval score ROWS --out RESULTS` wrote (JSON Lines, one result per row in
input order, with id, verdict, missing and extra). Prints the agreement on
the verdict and on the counts, per transform kind, and the first N
disagreements. Exit status 0 when every row agrees, 1 otherwise, 2 on bad
input.
"""
import csv
import json
import sys
from collections import Counter


def rows_of(path):
    if path.endswith(".jsonl") or path.endswith(".json"):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    yield json.loads(line)
    else:
        csv.field_size_limit(1 << 30)
        with open(path, newline="", encoding="utf-8") as f:
            yield from csv.DictReader(f)


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    show = 10
    if "--show" in argv:
        show = int(argv[argv.index("--show") + 1])
        args = [a for a in args if a != str(show)]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    total = verdict_ok = counts_ok = 0
    per_kind = Counter()
    per_kind_bad = Counter()
    shown = 0
    with open(args[1], encoding="utf-8") as results:
        for row in rows_of(args[0]):
            line = results.readline()
            if not line:
                print(f"results end early, after {total} rows", file=sys.stderr)
                return 2
            r = json.loads(line)
            if str(r.get("id")) != str(row["id"]):
                print(f"row {total + 1}: id {row['id']} vs result id {r.get('id')}",
                      file=sys.stderr)
                return 2
            total += 1
            kind = row["transform"].split(" ")[0].split("+")[0]
            per_kind[kind] += 1
            v_ok = r.get("verdict") == row["expected_verdict"]
            c_ok = (str(r.get("missing")) == str(row["expected_missing"]) and
                    str(r.get("extra")) == str(row["expected_extra"]))
            verdict_ok += v_ok
            counts_ok += v_ok and c_ok
            if not (v_ok and c_ok):
                per_kind_bad[kind] += 1
                if shown < show:
                    shown += 1
                    print(f"--- row {row['id']} ({row['transform']}): expected "
                          f"{row['expected_verdict']} {row['expected_missing']}/"
                          f"{row['expected_extra']}, got {r.get('verdict')} "
                          f"{r.get('missing')}/{r.get('extra')}")
                    print("reference:\n" + row["reference"])
                    print("candidate:\n" + row["candidate"])
                    if row.get("variables"):
                        print("variables: " + row["variables"])
        if results.readline():
            print("more results than rows", file=sys.stderr)
            return 2
    if total == 0:
        print("no rows", file=sys.stderr)
        return 2
    print(f"rows: {total}")
    print(f"verdict agreement: {verdict_ok}/{total} = {100.0 * verdict_ok / total:.4f}%")
    print(f"verdict and counts agreement: {counts_ok}/{total} = "
          f"{100.0 * counts_ok / total:.4f}%")
    for kind in sorted(per_kind):
        print(f"  {kind}: {per_kind[kind]} rows, {per_kind_bad[kind]} disagree")
    return 0 if counts_ok == total else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
