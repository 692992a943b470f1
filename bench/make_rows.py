#!/usr/bin/env python3
"""Makes a large batch input for `gqleval score` throughput runs by replicating
NL2GQL rows, with the full schema text in every row (as RGEval's CSV has it).

    bench/make_rows.py ROWS OUT.csv [--source nl2gql_test.csv] [--candidates N]
                       [--shapes mixed|alias] [--same-answer] [--schema-path DIR]

Columns: id, schema, reference, candidate, hops. The candidate cycles through
four shapes of answer so that extraction, parsing and comparison all do real
work: the ground truth as it is; the ground truth in a fenced block inside LLM
prose; the dataset's alternative answer (gt_query_2) where it has one, else
the ground truth after one line of prose; and the ground truth on one line.
With --candidates N (a wide file, one column per model) the candidate columns
are candidate_1..candidate_N, column j shifted j shapes on, so that every
column holds all four shapes and no two columns of a row agree.
With --shapes alias every candidate is the ground truth with an alias on its
first field: another text than the reference, the same data (nothing keys on
equal texts). With --same-answer every candidate column holds the same text
(checkpoints that agree). With --schema-path DIR the schema column becomes
schema_path, naming files written to DIR (one per distinct schema).
The output is deterministic for a given ROWS and options.
"""
import argparse
import csv
import os
import re
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


FIRST_FIELD = re.compile(r"\{\s*([_A-Za-z][_0-9A-Za-z]*)")


def aliased(gt):
    """The query with an alias on its first selected field."""
    return FIRST_FIELD.sub(lambda m: "{ bench_alias: " + m.group(1), gt, count=1)


def schema_files(source, folder):
    """Writes each distinct schema to folder; returns the path of each row's."""
    os.makedirs(folder, exist_ok=True)
    names = {}
    for r in source:
        if r["schema"] not in names:
            names[r["schema"]] = os.path.join(folder, "schema_%d.graphql" % len(names))
            with open(names[r["schema"]], "w", encoding="utf-8") as f:
                f.write(r["schema"])
    return [os.path.abspath(names[r["schema"]]) for r in source]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rows", type=int)
    ap.add_argument("out")
    ap.add_argument("--source", default=DEFAULT_SOURCE)
    ap.add_argument("--candidates", type=int, default=1, help="candidate columns (default 1)")
    ap.add_argument("--shapes", choices=["mixed", "alias"], default="mixed")
    ap.add_argument("--same-answer", action="store_true")
    ap.add_argument("--schema-path", metavar="DIR")
    args = ap.parse_args()
    with open(args.source, newline="", encoding="utf-8-sig") as f:
        source = list(csv.DictReader(f))
    if not source:
        sys.exit("no rows in " + args.source)
    if args.shapes == "alias":
        shapes = [[aliased(r["gt_query"])] * 4 for r in source]
    else:
        shapes = [candidates(r) for r in source]
    schemas = [r["schema"] for r in source]
    if args.schema_path:
        schemas = schema_files(source, args.schema_path)
    with open(args.out, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        n = args.candidates
        names = ["candidate"] if n == 1 else ["candidate_%d" % (j + 1) for j in range(n)]
        schema_column = "schema_path" if args.schema_path else "schema"
        w.writerow(["id", schema_column, "reference"] + names + ["hops"])
        for i in range(args.rows):
            k = i % len(source)
            r = source[k]
            shift = 0 if args.same_answer else 1
            answers = [shapes[k][(i // len(source) + k + j * shift) % 4] for j in range(n)]
            w.writerow([i + 1, schemas[k], r["gt_query"]] + answers + [r["hops"]])


if __name__ == "__main__":
    main()
