#!/usr/bin/env python3
"""Rows for `gqleval calls` benchmarks: GraphQLRestBench's test split repeated
to N rows, each with its function specs and GraphQL schema as in the dataset,
and a `prediction` column holding a model-like answer made from the ground
truth. The answers cycle through four forms, so that every path of the scorer
runs: the code in a fenced block after a sentence, the code with its response
variables renamed, the code without its last call, and the code with a
misspelled response field.

    bench/make_calls_rows.py N OUT.jsonl [SPLIT.jsonl]
"""
import json
import os
import sys


def answers(output):
    lines = output.strip().split("\n")
    renamed = output.replace("response_obj", "resp")
    # A field read of a response, misspelled (".id" -> ".idd"), when there is one.
    misspelled = output.replace(".id", ".idd", 1)
    return [
        "Here is the code:\n```python\n" + output + "\n```\n",
        renamed,
        "\n".join(lines[:-1]) if len(lines) > 1 else output,
        misspelled,
    ]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    n = int(sys.argv[1])
    here = os.path.dirname(os.path.abspath(__file__))
    split = sys.argv[3] if len(sys.argv) > 3 else os.path.join(
        here, "..", "..", "shared", "datasets", "graphqlrestbench", "test.jsonl")
    rows = [json.loads(line) for line in open(split, encoding="utf-8")]
    lines = []
    for k in range(4):
        for row in rows:
            out = dict(row)
            out["prediction"] = answers(row["output"])[k]
            lines.append(json.dumps(out) + "\n")
    # Row i is split row i % len(rows), in answer form (i // len(rows)) % 4.
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        for i in range(n):
            f.write(lines[((i // len(rows)) % 4) * len(rows) + i % len(rows)])


if __name__ == "__main__":
    main()
