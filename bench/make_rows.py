#!/usr/bin/env python3
"""Makes a large batch input for `gqleval score` throughput runs by replicating
NL2GQL rows, with the full schema text in every row (as RGEval's CSV has it).

    bench/make_rows.py ROWS OUT.csv [--source nl2gql_test.csv] [--candidates N]

Columns: id, schema, reference, candidate, hops. The candidate cycles through
four shapes of answer so that extraction, parsing and comparison all do real
work: the ground truth as it is; the ground truth in a fenced block inside LLM
prose; the dataset's alternative answer (gt_query_2) where it has one, else
the ground truth after one line of prose; and the ground truth on one line.
With --candidates N (a wide file, one column per model) the candidate columns
are candidate_1..candidate_N, column j shifted j shapes on, so that every
column holds all four shapes and no two columns of a row agree.
The output is deterministic for a given ROWS and N.
"""
import argparse
import csv
import os
import sys

DEFAULT_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared",
                              "datasets", "nl2gql", "nl2gql_test.csv")


def candidates(row):
    gt = row["gt_query"]
    alt = row.get("gt_query_2") or ""
    return [
        gt,
        "Sure! Here is the GraphQL query that answers the question:\n\n```graphql\n" + gt +
        "\n```\n\nIt selects only the fields that were asked for.",
        alt if alt.strip() else "The query is: " + gt,
        " ".join(gt.split()),
    ]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rows", type=int)
    ap.add_argument("out")
    ap.add_argument("--source", default=DEFAULT_SOURCE)
    ap.add_argument("--candidates", type=int, default=1, help="candidate columns (default 1)")
    args = ap.parse_args()
    with open(args.source, newline="", encoding="utf-8-sig") as f:
        source = list(csv.DictReader(f))
    if not source:
        sys.exit("no rows in " + args.source)
    shapes = [candidates(r) for r in source]
    with open(args.out, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        n = args.candidates
        names = ["candidate"] if n == 1 else ["candidate_%d" % (j + 1) for j in range(n)]
        w.writerow(["id", "schema", "reference"] + names + ["hops"])
        for i in range(args.rows):
            k = i % len(source)
            r = source[k]
            answers = [shapes[k][(i // len(source) + k + j) % 4] for j in range(n)]
            w.writerow([i + 1, r["schema"], r["gt_query"]] + answers + [r["hops"]])


if __name__ == "__main__":
    main()
