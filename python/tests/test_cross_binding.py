"""One answer from every face of the engine: the same rows scored by the
gqleval program (`score --id-col`), the Python module (`score_batch(ids=)`)
and the npm package (`scoreBatch` with row ids), in equivalence and subset
mode, give the same result objects, member for member and byte for byte
once serialized, each led by its row's id; and their summaries agree."""

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


def cli_results(rows, tmp_path, mode):
    """The program's lines for the rows, as objects without the file's own
    keys (row, reference_hash)."""
    path = tmp_path / "rows.jsonl"
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            cells = {"id": r["id"], "schema": r["schema"], "candidate": r["candidate"],
                     "variables": r["variables"]}
            for k, ref in enumerate(r["reference"]):
                cells[f"ref{k}"] = ref
            f.write(json.dumps(cells) + "\n")
    refs = max(len(r["reference"]) for r in rows)
    flags = [f for k in range(refs) for f in ("--reference-col", f"ref{k}")]
    summary = tmp_path / f"{mode}.summary.json"
    out = run_cli("score", str(path), "-q", "-o", "-", "--mode", mode, "--id-col", "id",
                  "--variables-col", "variables", "--summary", str(summary), *flags)
    lines = []
    for line in out.splitlines():
        obj = json.loads(line)
        del obj["row"], obj["reference_hash"]
        lines.append(obj)
    return lines, json.loads(summary.read_text())


def js_results(rows, mode):
    if not ADDON or not NODE:
        pytest.skip("SKIP: the npm package's addon is not built here (GQLEVAL_NODE_ADDON), "
                    "or no node: the JavaScript side cannot run")
    # (In the sanitizer build the interpreter's preloaded runtime serves the
    # addon too, as the package's own tests preload it into node.)
    env = dict(os.environ, GQLEVAL_NODE_ADDON=ADDON)
    done = subprocess.run([NODE, "-e", JS, os.path.join(SOURCE_DIR, "js", "index.js")],
                          input=json.dumps({"rows": rows, "options": {"mode": mode, "threads": 2}}),
                          capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    return out["results"], out["summary"]


@pytest.mark.parametrize("mode", ["equivalence", "subset"])
def test_the_program_python_and_javascript_give_one_answer(tmp_path, mode):
    rows = the_rows()
    cli, cli_summary = cli_results(rows, tmp_path, mode)
    py = gqleval.score_batch([r["schema"] for r in rows], [r["reference"] for r in rows],
                             [r["candidate"] for r in rows],
                             variables=[r["variables"] for r in rows],
                             ids=[r["id"] for r in rows], mode=mode, threads=2)
    js, js_summary = js_results(rows, mode)
    assert len(cli) == len(py) == len(js) == len(rows)
    fields = ["id"] + list(gqleval.RESULT_FIELDS if mode == "equivalence"
                           else gqleval.SUBSET_RESULT_FIELDS)
    for i, (c, p, j) in enumerate(zip(cli, py, js)):
        assert p == c, f"row {i} ({rows[i]['id']}): Python differs from the program"
        assert j == c, f"row {i} ({rows[i]['id']}): JavaScript differs from the program"
        assert list(p) == list(j) == fields
        assert dumps(p) == dumps(j) == dumps(c)
    # Rows of several verdicts and references, so the comparison covers them.
    verdicts = {r["verdict"] for r in py}
    assert len(verdicts) >= 4, verdicts
    summary = gqleval.summary(py)
    assert summary == {k: cli_summary[k] for k in gqleval.SUMMARY_FIELDS if k in cli_summary}
    assert js_summary == summary
