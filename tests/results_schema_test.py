#!/usr/bin/env python3
"""Checks what every gqleval command writes against docs/results.schema.json.

Usage: results_schema_test.py GQLEVAL GQLEVAL_GENERATE SOURCE_DIR SHARED_DIR

Runs `score` (JSON Lines rows, the summary in both layouts, artifacts'
result.json; in both modes, equivalence and subset), `validate --input` and
`compare --json` on the bundled NL2GQL
set, the generated sample, rows made by gqleval-generate, malformed rows and
(when ../shared is present) RGEval's granite outputs, and validates every
object it writes against the definition for its kind. Needs the Debian
package python3-jsonschema (scripts/install-deps.sh installs it); without it
the test fails, it does not skip.
"""
import json
import os
import subprocess
import sys
import tempfile

try:
    import jsonschema
except ImportError:
    sys.exit("results_schema_test: python3-jsonschema is missing (apt-get install python3-jsonschema)")

GQLEVAL, GENERATE, SOURCE, SHARED = sys.argv[1:5]
SCHEMA = json.load(open(os.path.join(SOURCE, "docs", "results.schema.json")))
jsonschema.Draft202012Validator.check_schema(SCHEMA)
checked = {}
failures = []


def validator(kind):
    return jsonschema.Draft202012Validator({"$ref": "#/$defs/" + kind, "$defs": SCHEMA["$defs"]})


VALIDATORS = {k: validator(k) for k in
              ["score_row", "validate_row", "compare_result", "summary", "lm_eval_summary",
               "calls_row", "calls_summary"]}


def check(kind, obj, where):
    errors = sorted(VALIDATORS[kind].iter_errors(obj), key=lambda e: list(e.path))
    checked[kind] = checked.get(kind, 0) + 1
    for e in errors[:3]:
        failures.append(f"{where}: {kind}: {'/'.join(map(str, e.path))}: {e.message}")


def check_lines(kind, path, expected_rows=None):
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    if expected_rows is not None and len(lines) != expected_rows:
        failures.append(f"{path}: {len(lines)} rows, expected {expected_rows}")
    rows = []
    for i, line in enumerate(lines):
        try:
            rows.append(json.loads(line))
        except ValueError as e:
            failures.append(f"{path}:{i + 1}: not JSON ({e}): {line[:200]}")
            continue
        check(kind, rows[-1], f"{path}:{i + 1}")
    return rows


def run(args, ok_codes=(0, 1)):
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode not in ok_codes:
        failures.append(f"{' '.join(args)}: exit {p.returncode}: {p.stderr[-500:]}")
    return p


def score(tmp, name, input_path, *flags, rows=None):
    out = os.path.join(tmp, name + ".jsonl")
    summary = os.path.join(tmp, name + ".summary.json")
    lm_eval = os.path.join(tmp, name + ".lm_eval.json")
    run([GQLEVAL, "score", input_path, "--out", out, "--summary", summary, "--quiet", *flags])
    results = check_lines("score_row", out, rows)
    check("summary", json.load(open(summary)), summary)
    run([GQLEVAL, "score", input_path, "--out", os.devnull, "--summary", lm_eval,
         "--summary-format", "lm-eval", "--quiet", *flags])
    check("lm_eval_summary", json.load(open(lm_eval)), lm_eval)
    return results


def score_in_mode(mode, graded, tmp, name, input_path, *flags, rows=None):
    """A --mode subset or coverage run: its rows and summaries are the mode's
    forms, graded by `graded` (score, recall) in place of f1."""
    results = score(tmp, name, input_path, "--mode", mode, *flags, rows=rows)
    for i, r in enumerate(results):
        if graded not in r or "f1" in r:
            failures.append(f"{name}:{i + 1}: not a {mode} row")
    summary = json.load(open(os.path.join(tmp, name + ".summary.json")))
    if summary.get("mode") != mode or f"mean_{graded}" not in summary:
        failures.append(f"{name}: the summary is not a {mode} run's")
    lm_eval = json.load(open(os.path.join(tmp, name + ".lm_eval.json")))
    if not all(f"{graded},none" in v for v in lm_eval["results"].values()):
        failures.append(f"{name}: the lm-eval summary has no {graded}")
    return results


def score_subset(*args, **kwargs):
    return score_in_mode("subset", "score", *args, **kwargs)


def score_coverage(*args, **kwargs):
    return score_in_mode("coverage", "recall", *args, **kwargs)


def self_check_coverage():
    """A coverage row: accepted as written, refused with another mode's verdict
    or counts where nothing was compared."""
    row = {"row": 0, "id": "q", "reference_hash": "0123456789abcdef", "verdict": "not_covered",
           "pass": False, "compared": True, "required": 2, "covered_count": 1, "recall": 0.5,
           "missing_coordinates": [{"coordinate": "User.login", "nearest": None, "line": None,
                                    "column": None, "operation": None}],
           "over_selected": [], "unsatisfiable": [], "operations": 1, "invalid_operations": 0,
           "errors": []}
    if not VALIDATORS["score_row"].is_valid(row):
        failures.append("self-check: the schema refuses a coverage row")
    for change in [{"verdict": "subset"}, {"verdict": "mismatch"}, {"recall": 2},
                   {"compared": False}, {"missing_coordinates": [{"coordinate": "User.login"}]},
                   {"errors": [{"query": "required", "entry": -1, "rule": "r", "message": "m",
                                "line": None, "column": None}]}]:
        if VALIDATORS["score_row"].is_valid({**row, **change}):
            failures.append(f"self-check: the schema accepts a coverage row with {change}")


def self_check():
    """The schema must refuse the shapes the contract replaced."""
    self_check_coverage()
    old_row = {"row": 0, "id": None, "verdict": "bad_row", "pass": False, "reason": "invalid_json",
               "missing": None, "extra": None, "precision": None, "recall": None, "f1": None,
               "matched_reference": None, "missing_paths": [], "extra_paths": [], "rules_fired": [],
               "errors": [{"query": "row", "rule": "JSONL", "message": "m", "line": 1, "column": None}]}
    old_compare = {"verdict": "equivalent", "pass": True, "shared": 3,
                   "errors": [{"rule": "r", "message": "m", "locations": [{"line": 1, "column": 2}]}]}
    for kind, obj in [("score_row", old_row), ("compare_result", old_compare),
                      ("validate_row", {"row": 0, "valid": False, "errors": []})]:
        if VALIDATORS[kind].is_valid(obj):
            failures.append(f"self-check: the schema accepts an old {kind}")
    # Subset rows: a pass has nothing missing, a miss names what is missing, and
    # an equivalence verdict is no subset row's.
    subset_row = {"row": 0, "id": "1", "reference_hash": "0123456789abcdef", "verdict": "missing",
                  "pass": False, "compared": True,
                  "missing": 1, "score": 0.5, "left_nodes": 2, "matched_reference": 0,
                  "missing_paths": [{"path": "query -> a", "line": 1, "column": 3, "nodes": 1}],
                  "operations": 1, "invalid_operations": 0, "errors": []}
    if not VALIDATORS["score_row"].is_valid(subset_row):
        failures.append("self-check: the schema refuses a subset row")
    # Version 6: every equivalence and subset row counts its answer's operations.
    version5 = {k: v for k, v in subset_row.items() if "operations" not in k}
    if VALIDATORS["score_row"].is_valid(version5):
        failures.append("self-check: the schema accepts a subset row without operations")
    for change in [{"pass": True}, {"verdict": "subset"}, {"verdict": "underfetch"},
                   {"missing_paths": []}, {"compared": False}, {"score": None},
                   {"reference_hash": "0123456789ABCDEF"}, {"reference_hash": "01234"},
                   {"run": ""}]:
        if VALIDATORS["score_row"].is_valid({**subset_row, **change}):
            failures.append(f"self-check: the schema accepts a subset row with {change}")
    # Version 2: every score row has reference_hash (null where the record
    # could not be read); run only where one file holds several candidates.
    without = {k: v for k, v in subset_row.items() if k != "reference_hash"}
    if VALIDATORS["score_row"].is_valid(without):
        failures.append("self-check: the schema accepts a score row without reference_hash")
    for change in [{"reference_hash": None}, {"run": "ckpt_1"}]:
        if not VALIDATORS["score_row"].is_valid({**subset_row, **change}):
            failures.append(f"self-check: the schema refuses a subset row with {change}")


def main():
    self_check()
    nl2gql = os.path.join(SOURCE, "datasets", "nl2gql", "nl2gql_test.csv")
    sample = os.path.join(SOURCE, "datasets", "generated", "sample.csv")
    with tempfile.TemporaryDirectory() as tmp:
        art = os.path.join(tmp, "art")
        rows = score(tmp, "nl2gql", nl2gql, "--candidate-col", "gt_query_2", "--keep-col", "hops",
                     "--artifacts", art, "--artifacts-limit", "20", "--artifacts-only", "all",
                     "--fail-under", "pass_rate=0.5", rows=1164)
        if any("hops" not in r for r in rows):
            failures.append("nl2gql: a row lacks the kept column hops")
        for folder in sorted(os.listdir(art)):
            if folder.startswith("row-"):
                path = os.path.join(art, folder, "result.json")
                check("compare_result", json.load(open(path)), path)
        score(tmp, "sample", sample, "--group-by", "transform", "--rule-set", "none")
        # A shard's summary (with its shard member) and a long file's rows and
        # summary lines (with run).
        score(tmp, "sample_shard", sample, "--shard", "2/3", "--group-by", "transform")
        long_rows = os.path.join(tmp, "long.jsonl")
        long_summary = os.path.join(tmp, "long.summary.jsonl")
        run([GQLEVAL, "score", sample, "--candidate-col", "candidate", "--candidate-col", "transform",
             "--out", long_rows, "--summary", long_summary, "--quiet"])
        check_lines("score_row", long_rows, 2 * 300)
        check_lines("summary", long_summary, 2)

        generated = os.path.join(tmp, "generated.csv")
        run([GENERATE, "--rows", "3000", "--seed", "7", "--out", generated], ok_codes=(0,))
        score(tmp, "generated", generated, rows=3000)

        # Malformed rows of both formats, and variables that are not an object.
        schema = os.path.join(tmp, "s.graphql")
        open(schema, "w").write("type Query { a: Int b(x: Int): String }\n")
        bad_csv = os.path.join(tmp, "bad.csv")
        open(bad_csv, "w").write(
            'id,reference,candidate,variables\n'
            '1,{ a },{ a },\n'
            '2,{ a },"{ a }" x,\n'
            '3,{ a },{ b },[1]\n'
            '4,{ a },{ nosuch },\n'
            '5,{ nosuch },{ a },\n'
            '6,"{ a\n')
        score(tmp, "bad_csv", bad_csv, "--schema", schema, rows=6)
        bad_jsonl = os.path.join(tmp, "bad.jsonl")
        open(bad_jsonl, "w").write(
            '{"schema":"type Query { a: Int }","reference":"{ a }","candidate":"{ a }"}\n'
            '{"schema":"type Query { a: Int }","reference":"{ a }",\n'
            '[1,2]\n'
            '{"schema":"type Query {","reference":"{ a }","candidate":"{ a }"}\n'
            '{"schema":"type Query { a: Int }","reference":"{ a }","candidate":"no query here"}\n')
        score(tmp, "bad_jsonl", bad_jsonl, rows=5)

        # validate --input
        queries = os.path.join(tmp, "queries.csv")
        open(queries, "w").write('query\n{ a }\n{ nosuch }\n"{ b(x: ""s"") }"\n{\n')
        out = os.path.join(tmp, "validate.jsonl")
        run([GQLEVAL, "validate", "--schema", schema, "--input", queries, "--out", out])
        check_lines("validate_row", out, 4)
        out = os.path.join(tmp, "validate_nl2gql.jsonl")
        run([GQLEVAL, "validate", "--input", nl2gql, "--query-col", "gt_query", "--out", out])
        check_lines("validate_row", out, 1164)

        # compare --json: equivalent, over-fetch, invalid, no query, several references.
        files = {}
        for name, text in {"r.graphql": "{ a }", "c1.txt": "{ a }", "c2.txt": "{ a b(x: 1) }",
                           "c3.txt": "{ nosuch }", "c4.txt": "no query", "r2.graphql": "{ a b(x: 1) }",
                           "bad_ref.graphql": "{ a"}.items():
            files[name] = os.path.join(tmp, name)
            open(files[name], "w").write(text)
        for ref, cand, extra in [("r.graphql", "c1.txt", []), ("r.graphql", "c2.txt", []),
                                 ("r.graphql", "c3.txt", []), ("r.graphql", "c4.txt", []),
                                 ("bad_ref.graphql", "c1.txt", []),
                                 ("r.graphql", "c2.txt", ["--reference", files["r2.graphql"]])]:
            p = run([GQLEVAL, "compare", "--schema", schema, files[ref], files[cand], "--json", *extra])
            check("compare_result", json.loads(p.stdout), f"compare {ref} {cand}")

        # --mode subset: the same inputs, their rows and summaries in the subset forms.
        score_subset(tmp, "nl2gql_subset", nl2gql, "--candidate-col", "gt_query_2", "--keep-col",
                     "hops", "--group-by", "hops", "--fail-under", "mean_score=0.5", rows=1164)
        score_subset(tmp, "generated_subset", generated, rows=3000)
        score_subset(tmp, "bad_csv_subset", bad_csv, "--schema", schema, rows=6)
        score_subset(tmp, "bad_jsonl_subset", bad_jsonl, rows=5)
        summary = json.load(open(os.path.join(tmp, "generated_subset.summary.json")))
        for verdict in ("subset", "missing"):
            if summary["verdicts"][verdict]["count"] == 0:
                failures.append(f"generated_subset: no {verdict} row to check")
        # --mode coverage: derived from the references, listed (an agent's log
        # with several operations an answer), bad rows.
        score_coverage(tmp, "generated_coverage", generated, rows=3000)
        agent = os.path.join(SOURCE, "examples", "agent_questions.jsonl")
        agent_rows = score_coverage(tmp, "agent_coverage", agent, "--schema",
                                    os.path.join(SOURCE, "examples", "github.graphql"),
                                    "--predictions",
                                    os.path.join(SOURCE, "examples", "agent_log.jsonl"),
                                    "--required-col", "required", "--excluded-col", "excluded",
                                    "--candidate-col", "answer", "--answer", "all",
                                    "--fail-under", "mean_recall=0.5", rows=5)
        if not any(r["missing_coordinates"] and r["over_selected"] == [] for r in agent_rows):
            failures.append("agent_coverage: no missing coordinate to check")
        score_coverage(tmp, "bad_jsonl_coverage", bad_jsonl, rows=5)
        # --answer all in equivalence and subset mode: a candidate's paths and
        # errors name their operation.
        answers = os.path.join(SOURCE, "examples", "agent_answers.jsonl")
        github = os.path.join(SOURCE, "examples", "github.graphql")
        rows = score(tmp, "answers", answers, "--schema", github, "--candidate-col", "answer",
                     "--answer", "all", rows=2)
        if not any(p.get("operation") is not None for r in rows for p in r["extra_paths"]) or \
                not any(e.get("operation") is not None for r in rows for e in r["errors"]):
            failures.append("answers: no path or error names its operation")
        score_subset(tmp, "answers_subset", answers, "--schema", github, "--candidate-col",
                     "answer", "--answer", "all", rows=2)
        summary = json.load(open(os.path.join(tmp, "generated_coverage.summary.json")))
        for verdict in ("covered", "not_covered"):
            if summary["verdicts"][verdict]["count"] == 0:
                failures.append(f"generated_coverage: no {verdict} row to check")

        # gqleval calls: the README's rows, the test split with its ground truth as the
        # answers, and rows that cannot be read or scored.
        calls_rows = os.path.join(SOURCE, "examples", "graphqlrestbench_answers.jsonl")
        calls_bad = os.path.join(tmp, "calls_bad.jsonl")
        with open(calls_rows, encoding="utf-8") as f:
            first = json.loads(f.readline())
        broken = dict(first, function_specs="[{")
        unparseable = dict(first, prediction="x = (")
        missing_schema = dict(first, GraphQL_schema="type Query {")
        open(calls_bad, "w").write("\n".join(
            [json.dumps(first), "{not json", json.dumps(broken), json.dumps(unparseable),
             json.dumps(missing_schema), json.dumps(dict(first, prediction=""))]) + "\n")
        calls_inputs = [("calls_example", calls_rows, [], 8), ("calls_bad", calls_bad, [], 6)]
        test_split = os.path.join(SHARED, "datasets", "graphqlrestbench", "test.jsonl")
        if os.path.exists(test_split):
            answers = os.path.join(tmp, "calls_answers.jsonl")
            with open(test_split, encoding="utf-8") as f, open(answers, "w") as out:
                for line in f:
                    out.write(json.dumps({"prediction": json.loads(line)["output"]}) + "\n")
            calls_inputs.append(("calls_test", test_split, ["--predictions", answers], 32))
        for name, path, flags, n in calls_inputs:
            out = os.path.join(tmp, name + ".results.jsonl")
            summary = os.path.join(tmp, name + ".summary.json")
            run([GQLEVAL, "calls", path, "--group-by", "domain", "--out", out, "--summary", summary,
                 "-q", *flags], ok_codes=(0,))
            rows = check_lines("calls_row", out, n)
            check("calls_summary", json.load(open(summary)), summary)
            if name == "calls_bad":
                verdicts = [r["verdict"] for r in rows]
                if verdicts != ["scored", "bad_row", "bad_row", "unparseable", "scored", "no_code"]:
                    failures.append(f"calls_bad: verdicts {verdicts}")

        granite = os.path.join(SHARED, "datasets", "rgeval-granite", "granite20b_zeroshot_rgeval.csv")
        if os.path.exists(granite):
            score(tmp, "granite", granite, rows=376)
            score_subset(tmp, "granite_subset", granite, rows=376)
        else:
            print(f"results_schema_test: {granite} is absent; the granite rows are not checked")

    for kind, n in sorted(checked.items()):
        print(f"results_schema_test: {n} {kind} objects checked")
    if failures:
        print("\n".join(failures[:40]))
        print(f"results_schema_test: {len(failures)} failures")
        return 1
    print("results_schema_test: every object matches docs/results.schema.json")
    return 0


sys.exit(main())
