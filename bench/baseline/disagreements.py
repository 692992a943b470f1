#!/usr/bin/env python3
"""Compares gqleval score's verdicts with the execute-and-match baseline's, row by row.

    bench/baseline/disagreements.py INPUT GQLEVAL_RESULTS BASELINE_RESULTS
        [--candidate-col NAME] [--reference-col NAME] [--examples N]

INPUT is the CSV or JSON Lines file both tools scored; the results are their
JSON Lines outputs (joined by "row"). Prints the confusion table (gqleval
verdict x baseline verdict), the verdict and pass/fail disagreement counts and
rates, and classifies each disagreement by its likely cause, with a few
examples each (row id and short query excerpts):

  alias            gqleval passes, the baseline mismatches, and the candidate
                   uses an alias (aliases rename response keys);
  rewrite:<rule>   gqleval passes because a schema-aware rewrite fired (cycles,
                   endpoints); the two queries return differently shaped data;
  false-mismatch   gqleval passes, the baseline mismatches, no alias or rewrite;
  empty-results    gqleval fails, the baseline matches, and both responses hold
                   no data (empty lists / nulls), so any selection "matches";
  coincidence      gqleval fails, the baseline matches on non-empty data: the
                   difference lies in a part of the response that came back
                   empty (an alias whose lookup found nothing, a field under an
                   empty list), in values that happen to be equal (a filter
                   bound that the data does not separate), or in an argument
                   the executor cannot map to a field and ignores;
  over/underfetch  both fail, but gqleval says overfetch/underfetch where the
                   baseline can only say mismatch (not a pass/fail disagreement);
  stage1           the stage 1 verdicts differ (should not happen: same code);
  other.
If INPUT has an expected_verdict column (the generator's label), each tool's
agreement with the label is printed too.
"""
import argparse
import collections
import csv
import json
import re
import sys

REFERENCE_NAMES = ["reference", "query1", "GT_GQL", "gt_query", "Query1 Content"]
CANDIDATE_NAMES = ["candidate", "query2", "generated", "prediction", "Generated_GraphQL",
                   "Query2 Content"]
ID_NAMES = ["id", "Sno"]
PASS = {"equivalent", "overfetch_ok"}
STAGE1 = {"no_query", "invalid_candidate", "invalid_reference", "invalid_schema", "bad_row"}
# An alias: `name:` followed by a field name, inside a selection set (not an
# argument, whose value follows the colon: a literal, $var, [ or {).
ALIAS = re.compile(r"[{\s,]([_A-Za-z][_0-9A-Za-z]*)\s*:\s*[_A-Za-z][_0-9A-Za-z]*\s*[({\s,}@]")


def read_input(path):
    csv.field_size_limit(sys.maxsize)
    with open(path, newline="", encoding="utf-8-sig") as f:
        first = f.read(1)
        f.seek(0)
        if path.endswith((".jsonl", ".ndjson", ".json")) or first == "{":
            return [json.loads(line) for line in f if line.strip()]
        return list(csv.DictReader(f))


def find_column(names, wanted, given):
    if given:
        return given
    lower = {n.strip().lower(): n for n in names}
    for w in wanted:
        if w.lower() in lower:
            return lower[w.lower()]
    return None


def read_results(path):
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                out[r["row"]] = r
    return out


def excerpt(text, width=90):
    text = " ".join(str(text or "").split())
    return text if len(text) <= width else text[: width - 3] + "..."


def has_alias(query):
    # Only the selection sets: drop strings and argument lists first.
    q = re.sub(r'"(?:[^"\\]|\\.)*"', '""', str(query or ""))
    depth, kept = 0, []
    for ch in q:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0:
            kept.append(ch)
    return ALIAS.search(" " + "".join(kept) + " ") is not None


def classify(g, b, candidate):
    gv, bv = g["verdict"], b["verdict"]
    if gv in STAGE1 or bv in STAGE1:
        return "stage1"
    g_pass, b_pass = gv in PASS, bv in PASS
    if g_pass and not b_pass:
        if has_alias(candidate):
            return "alias"
        rules = sorted({f.get("rule") for f in g.get("rules_fired") or []})
        if rules:
            return "rewrite:" + ",".join(rules)
        return "false-mismatch"
    if b_pass and not g_pass:
        if b.get("reference_leaves") == 0 and b.get("candidate_leaves") == 0:
            return "empty-results"
        return "coincidence"
    if gv in ("overfetch", "underfetch") and bv == "mismatch":
        return "over/underfetch"
    return "other"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input")
    ap.add_argument("gqleval_results")
    ap.add_argument("baseline_results")
    ap.add_argument("--candidate-col")
    ap.add_argument("--reference-col")
    ap.add_argument("--examples", type=int, default=3)
    args = ap.parse_args()

    rows = read_input(args.input)
    names = list(rows[0].keys()) if rows else []
    cand_col = find_column(names, CANDIDATE_NAMES, args.candidate_col)
    ref_col = find_column(names, REFERENCE_NAMES, args.reference_col)
    id_col = find_column(names, ID_NAMES, None)
    label_col = find_column(names, ["expected_verdict"], None)
    g_results = read_results(args.gqleval_results)
    b_results = read_results(args.baseline_results)
    common = sorted(set(g_results) & set(b_results))
    if len(common) != len(rows):
        print(f"note: {len(rows)} input rows, {len(g_results)} gqleval results, "
              f"{len(b_results)} baseline results, {len(common)} joined")

    confusion = collections.Counter()
    causes = collections.defaultdict(list)
    verdict_diff = pass_diff = 0
    label_hits = collections.Counter()
    label_rows = 0
    for row in common:
        g, b = g_results[row], b_results[row]
        confusion[(g["verdict"], b["verdict"])] += 1
        src = rows[row] if row < len(rows) else {}
        if label_col and str(src.get(label_col) or "").strip():
            label = str(src[label_col]).strip()
            label_rows += 1
            label_hits["gqleval verdict"] += g["verdict"] == label
            label_hits["baseline verdict"] += b["verdict"] == label
            label_hits["gqleval pass/fail"] += (g["verdict"] in PASS) == (label in PASS)
            label_hits["baseline pass/fail"] += (b["verdict"] in PASS) == (label in PASS)
        if g["verdict"] == b["verdict"]:
            continue
        verdict_diff += 1
        pass_diff += (g["verdict"] in PASS) != (b["verdict"] in PASS)
        cause = classify(g, b, src.get(cand_col) if cand_col else "")
        causes[cause].append((row, src))

    n = len(common)
    g_names = sorted({k[0] for k in confusion})
    b_names = sorted({k[1] for k in confusion})
    width = max([len(x) for x in g_names] + [len("gqleval \\ baseline")]) + 2
    print(f"rows joined: {n}")
    print("confusion (rows: gqleval verdict, columns: baseline verdict)")
    print("gqleval \\ baseline".ljust(width) + "".join(x.rjust(19) for x in b_names)
          + "total".rjust(9))
    for gv in g_names:
        counts = [confusion[(gv, bv)] for bv in b_names]
        print(gv.ljust(width) + "".join(str(c).rjust(19) for c in counts)
              + str(sum(counts)).rjust(9))
    rate = lambda k: f"{k} ({100.0 * k / n:.2f}%)" if n else str(k)
    print(f"verdicts differ: {rate(verdict_diff)}")
    print(f"pass/fail differs: {rate(pass_diff)}")
    if label_rows:
        print(f"agreement with expected_verdict ({label_rows} labelled rows):")
        for k in ("gqleval verdict", "baseline verdict", "gqleval pass/fail", "baseline pass/fail"):
            print(f"  {k}: {label_hits[k]} ({100.0 * label_hits[k] / label_rows:.2f}%)")
    print("disagreements by likely cause:")
    for cause, items in sorted(causes.items(), key=lambda kv: -len(kv[1])):
        print(f"  {cause}: {len(items)}")
        seen = set()
        shown = 0
        for row, src in items:
            if shown >= args.examples:
                break
            key = (excerpt(src.get(ref_col)), excerpt(src.get(cand_col)))
            if key in seen:
                continue  # replicated rows: show distinct examples
            seen.add(key)
            g, b = g_results[row], b_results[row]
            rid = src.get(id_col, row) if id_col else row
            print(f"    row {row} (id {rid}): gqleval {g['verdict']}, baseline {b['verdict']}"
                  f" (leaves ref {b.get('reference_leaves')}, cand {b.get('candidate_leaves')})")
            print(f"      reference: {key[0]}")
            print(f"      candidate: {key[1]}")
            shown += 1


if __name__ == "__main__":
    main()
