#!/usr/bin/env python3
"""Differential checks of `score --answer all` (docs/semantics.md, "Answers of
several operations") in equivalence and subset mode.

Usage: answer_all_test.py GQLEVAL GQLEVAL_GENERATE SOURCE_DIR SHARED_DIR

1. One operation is its own answer: on the generated sample, the bundled
   NL2GQL set and (when ../shared is present) RGEval's granite outputs, rows
   scored with --answer all equal the rows scored without it, member for
   member, but for the operation each candidate item names.
2. A split answer is the query it was split from: each candidate of the
   generated sample and of 20,000 rows of gqleval-generate without variables,
   fragments or directives, whose operation selects
   several root fields, is split into a JSON array of one query a root field;
   graded with --answer all, every row has the verdict, counts and missing
   paths of the whole query, one operation a part, and each extra path names
   the part it is in.
"""
import csv
import json
import os
import subprocess
import sys
import tempfile

GQLEVAL, GENERATE, SOURCE, SHARED = sys.argv[1:5]
failures = []


def score(path, *flags):
    done = subprocess.run([GQLEVAL, "score", path, "-q", "-o", "-", *flags],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"answer_all_test: gqleval score {path} {' '.join(flags)}: {done.stderr}")
    return [json.loads(line) for line in done.stdout.splitlines()]


def without_operation(value):
    if isinstance(value, dict):
        return {k: without_operation(v) for k, v in value.items()
                if k not in ("operation", "candidate_operation")}
    if isinstance(value, list):
        return [without_operation(v) for v in value]
    return value


def one_operation_is_its_own_answer(name, path, *flags):
    for mode in ("equivalence", "subset"):
        one = score(path, "--mode", mode, *flags)
        every = score(path, "--mode", mode, "--answer", "all", *flags)
        differ = [i for i, (a, b) in enumerate(zip(one, every)) if a != without_operation(b)]
        if len(one) != len(every) or differ:
            failures.append(f"{name} ({mode}): {len(differ)} of {len(one)} rows differ with "
                            f"--answer all, first {differ[:5]}")
        print(f"answer_all_test: {name} ({mode}): {len(one)} rows, the same with --answer all")


def root_fields(query):
    """The root selections of a query of one operation, as texts, and the
    operation's head (`query Name`), or None where it is not one plain
    operation of two or more root fields."""
    if "$" in query or "..." in query or "#" in query or "@" in query:
        return None
    start = query.find("{")
    head = query[:start].strip()
    if head and not head.startswith("query"):
        return None
    depth, fields, begin, i = 0, [], start + 1, start
    while i < len(query):
        c = query[i]
        if c == '"':  # a string: skip it whole
            i += 1
            while i < len(query) and query[i] != '"':
                i += 2 if query[i] == "\\" else 1
        elif c in "{(":
            depth += 1
        elif c in "})":
            depth -= 1
            if depth == 0:
                fields.append(query[begin:i])
                if query[i + 1:].strip():
                    return None  # a second definition
                break
            if depth == 1 and c == "}":
                fields.append(query[begin:i + 1])
                begin = i + 1
        i += 1
    parts = []
    for text in fields:
        # A field without a selection set sits between fields: split on
        # white space outside parentheses.
        text = text.strip()
        if text:
            parts.append(text)
    return (head, parts) if len(parts) >= 2 else None


def a_split_answer_is_the_query_it_was_split_from(tmp):
    generated = os.path.join(tmp, "generated.csv")
    subprocess.run([GENERATE, "--rows", "20000", "--seed", "5", "--out", generated], check=True,
                   capture_output=True)
    rows, parts_of = [], []
    for source in (os.path.join(SOURCE, "datasets", "generated", "sample.csv"), generated):
        with open(source, encoding="utf-8") as f:
            for r in csv.DictReader(f):
                split = root_fields(r["candidate"])
                if split is None or r["variables"].strip():
                    continue
                head, parts = split
                schema_path = os.path.join(os.path.dirname(source), r["schema_path"])
                rows.append({"id": r["id"], "schema": open(schema_path, encoding="utf-8").read(),
                             "reference": r["reference"], "whole": r["candidate"],
                             "split": json.dumps([f"{head} {{ {p} }}" for p in parts])})
                parts_of.append(len(parts))
    path = os.path.join(tmp, "split.jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    compared = ("verdict", "missing", "extra", "precision", "recall", "f1", "missing_paths")
    for mode in ("equivalence", "subset"):
        keys = compared if mode == "equivalence" else ("verdict", "missing", "score",
                                                       "missing_paths")
        whole = score(path, "--mode", mode, "--candidate-col", "whole")
        split = score(path, "--mode", mode, "--candidate-col", "split", "--answer", "all")
        verdicts = set()
        for r, w, s, n in zip(rows, whole, split, parts_of):
            verdicts.add(w["verdict"])
            if any(w[k] != s[k] for k in keys) or s["operations"] != n or s["invalid_operations"]:
                failures.append(f"split {r['id']} ({mode}): {w['verdict']} whole, "
                                f"{s['verdict']} split in {n} ({s['operations']} read)")
            parts = json.loads(r["split"])
            for p in s.get("extra_paths", []):
                k = p.get("operation", -1)
                root = p["path"].split(" -> ")[1].split("(")[0].split(" ")[0]
                if not 0 <= k < n or root not in parts[k]:
                    failures.append(f"split {r['id']}: the extra path {p} is not in operation "
                                    f"{k} of {parts}")
        if len(verdicts) < 2:
            failures.append(f"split ({mode}): rows of one verdict only ({verdicts})")
        print(f"answer_all_test: {len(rows)} split answers ({mode}), verdicts {sorted(verdicts)}:"
              " each the same as the whole query")


def main():
    one_operation_is_its_own_answer(
        "sample", os.path.join(SOURCE, "datasets", "generated", "sample.csv"))
    one_operation_is_its_own_answer(
        "nl2gql", os.path.join(SOURCE, "datasets", "nl2gql", "nl2gql_test.csv"),
        "--reference-col", "gt_query", "--candidate-col", "gt_query_2")
    granite = os.path.join(SHARED, "datasets", "rgeval-granite", "granite20b_zeroshot_rgeval.csv")
    if os.path.exists(granite):
        one_operation_is_its_own_answer("granite", granite)
    else:
        print("answer_all_test: SKIP granite: the shared data is absent (" + granite + ")")
    with tempfile.TemporaryDirectory() as tmp:
        a_split_answer_is_the_query_it_was_split_from(tmp)
    for f in failures[:20]:
        print(f)
    if failures:
        sys.exit(f"answer_all_test: {len(failures)} failures")


if __name__ == "__main__":
    main()
