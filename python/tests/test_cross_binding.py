"""One answer from every face of the engine: the same rows scored by the
gqleval program (`score --id-col`), the Python module (`score_batch(ids=)`)
and the npm package (`scoreBatch` with row ids), in equivalence, subset and
coverage mode (the coverage derived from the references, or listed per row
with an agent's several queries), and in equivalence and subset mode with
every operation of an answer graded (answer "all"), give the same result
objects, member for member and byte for byte once serialized, each led by its
row's id; and their summaries agree."""

import json
import os
import shutil
import subprocess

import pytest

import gqleval
from conftest import dumps, nl2gql_rows, run_cli, sample_rows, SOURCE_DIR

ADDON = os.environ.get("GQLEVAL_NODE_ADDON", "")
NODE = os.environ.get("GQLEVAL_NODE_EXECUTABLE") or shutil.which("node") or ""

# The JavaScript side: reads {rows, options} on stdin, writes the results and
# their summary.
JS = """
const g = require(process.argv[1]);
let text = '';
process.stdin.on('data', (d) => { text += d; });
process.stdin.on('end', async () => {
  const { rows, options } = JSON.parse(text);
  const results = await g.scoreBatch(rows, options);
  process.stdout.write(JSON.stringify({ results, summary: g.summary(results) }));
});
"""


def the_rows():
    """Rows of several kinds: the generated sample (variables, every verdict)
    and, where the shared set is present, NL2GQL rows with two references."""
    _, sample = sample_rows()
    rows = [{"id": f"s{i}", "schema": r["schema"], "reference": [r["reference"]],
             "candidate": r["candidate"], "variables": r["variables"] or None}
            for i, r in enumerate(sample)]
    # The verdicts of stage 1 too: nothing found, an invalid answer, an
    # invalid reference.
    first = rows[0]
    for k, (reference, candidate) in enumerate([(first["reference"][0], "no query here"),
                                                 (first["reference"][0], "{ no_such_field }"),
                                                 ("{ no_such_field }", first["candidate"])]):
        rows.append({"id": f"e{k}", "schema": first["schema"], "reference": [reference],
                     "candidate": candidate, "variables": None})
    try:
        _, nl = nl2gql_rows()
    except pytest.skip.Exception:
        return rows
    for i, r in enumerate(nl[:300]):
        refs = [r["gt_query"]] + ([r["gt_query_2"]] if r["gt_query_2"].strip() else [])
        answer = nl[(i + 1) % len(nl)]["gt_query"] if i % 3 else r["gt_query"]
        rows.append({"id": f"n{i}", "schema": r["schema"], "reference": refs,
                     "candidate": answer, "variables": None})
    return rows


def agent_rows():
    """The agent's answers of examples/agent_log.jsonl joined by id to the
    questions of agent_questions.jsonl: listed coordinates, several queries
    an answer (a question without an answer has an empty one)."""
    examples = os.path.join(SOURCE_DIR, "examples")
    schema = open(os.path.join(examples, "github.graphql"), encoding="utf-8").read()
    with open(os.path.join(examples, "agent_log.jsonl"), encoding="utf-8") as f:
        answers = {r["id"]: r["answer"] for r in map(json.loads, f)}
    rows = []
    with open(os.path.join(examples, "agent_questions.jsonl"), encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            rows.append({"id": r["id"], "schema": schema, "reference": [],
                         "candidate": answers.get(r["id"]), "variables": None,
                         "required": r["required"], "excluded": r["excluded"]})
    return rows


def answer_rows():
    """examples/agent_answers.jsonl: agent answers of several operations with
    their reference queries."""
    examples = os.path.join(SOURCE_DIR, "examples")
    schema = open(os.path.join(examples, "github.graphql"), encoding="utf-8").read()
    with open(os.path.join(examples, "agent_answers.jsonl"), encoding="utf-8") as f:
        return [{"id": r["id"], "schema": schema, "reference": [r["reference"]],
                 "candidate": r["answer"], "variables": None} for r in map(json.loads, f)]


def cli_results(rows, tmp_path, mode, options):
    """The program's lines for the rows, as objects without the file's own
    keys (row, reference_hash)."""
    path = tmp_path / "rows.jsonl"
    listed = "required" in rows[0]
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            cells = {"id": r["id"], "schema": r["schema"], "candidate": r["candidate"],
                     "variables": r["variables"]}
            for k, ref in enumerate(r["reference"]):
                cells[f"ref{k}"] = ref
            if listed:
                cells["required"] = r["required"]
                cells["excluded"] = r["excluded"]
            f.write(json.dumps(cells) + "\n")
    refs = max(len(r["reference"]) for r in rows)
    flags = [f for k in range(refs) for f in ("--reference-col", f"ref{k}")]
    if listed:
        flags += ["--required-col", "required", "--excluded-col", "excluded"]
    if options.get("answer"):
        flags += ["--answer", options["answer"]]
    summary = tmp_path / f"{mode}.summary.json"
    out = run_cli("score", str(path), "-q", "-o", "-", "--mode", mode, "--id-col", "id",
                  "--variables-col", "variables", "--summary", str(summary), *flags)
    lines = []
    for line in out.splitlines():
        obj = json.loads(line)
        del obj["row"], obj["reference_hash"]
        lines.append(obj)
    return lines, json.loads(summary.read_text())


def js_results(rows, options):
    if not ADDON or not NODE:
        pytest.skip("SKIP: the npm package's addon is not built here (GQLEVAL_NODE_ADDON), "
                    "or no node: the JavaScript side cannot run")
    # (In the sanitizer build the interpreter's preloaded runtime serves the
    # addon too, as the package's own tests preload it into node.)
    env = dict(os.environ, GQLEVAL_NODE_ADDON=ADDON)
    done = subprocess.run([NODE, "-e", JS, os.path.join(SOURCE_DIR, "js", "index.js")],
                          input=json.dumps({"rows": rows, "options": {**options, "threads": 2}}),
                          capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    return out["results"], out["summary"]


@pytest.mark.parametrize("case", ["equivalence", "subset", "coverage", "coverage-listed",
                                  "equivalence-all", "subset-all"])
def test_the_program_python_and_javascript_give_one_answer(tmp_path, case):
    listed = case == "coverage-listed"
    mode = "coverage" if listed else case.removesuffix("-all")
    every = listed or case.endswith("-all")
    options = {"mode": mode, "answer": "all"} if every else {"mode": mode}
    rows = agent_rows() if listed else the_rows() + (answer_rows() if every else [])
    cli, cli_summary = cli_results(rows, tmp_path, mode, options)
    lists = {"required": [r["required"] for r in rows],
             "excluded": [r["excluded"] for r in rows]} if listed else {}
    py = gqleval.score_batch([r["schema"] for r in rows],
                             None if listed else [r["reference"] for r in rows],
                             [r["candidate"] for r in rows],
                             variables=[r["variables"] for r in rows],
                             ids=[r["id"] for r in rows], threads=2, **lists, **options)
    js_rows = [{k: v for k, v in r.items() if not (listed and k == "reference")} for r in rows]
    js, js_summary = js_results(js_rows, options)
    assert len(cli) == len(py) == len(js) == len(rows)
    fields = ["id"] + list({"equivalence": gqleval.RESULT_FIELDS,
                            "subset": gqleval.SUBSET_RESULT_FIELDS,
                            "coverage": gqleval.COVERAGE_RESULT_FIELDS}[mode])
    for i, (c, p, j) in enumerate(zip(cli, py, js)):
        assert p == c, f"row {i} ({rows[i]['id']}): Python differs from the program"
        assert j == c, f"row {i} ({rows[i]['id']}): JavaScript differs from the program"
        assert list(p) == list(j) == fields
        assert dumps(p) == dumps(j) == dumps(c)
    # Rows of several verdicts and references, so the comparison covers them.
    verdicts = {r["verdict"] for r in py}
    assert len(verdicts) >= (3 if listed else 4), verdicts
    summary = gqleval.summary(py)
    assert summary == {k: cli_summary[k] for k in gqleval.SUMMARY_FIELDS if k in cli_summary}
    assert js_summary == summary
