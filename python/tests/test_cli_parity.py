"""The module against the gqleval program: the same rows give the same result
members, byte for byte once serialized as the program writes JSON."""

import json
import os

import pytest

import gqleval
from conftest import (cli_score_lines, dumps, nl2gql_rows, result_members, run_cli, sample_rows,
                      SOURCE_DIR)


def _assert_same(results, lines, rows):
    assert len(results) == len(lines) == len(rows)
    for i, (result, line) in enumerate(zip(results, lines)):
        expected = result_members(line)
        # Field by field first (a readable failure), then the bytes.
        assert result == json.loads(expected), f"row {i}: {rows[i]}"
        assert list(result) == list(gqleval.RESULT_FIELDS)
        assert dumps(result) == expected, f"row {i}"


def test_compare_equals_cli_score_on_nl2gql():
    path, rows = nl2gql_rows()
    lines = cli_score_lines(path, "--candidate-col", "gt_query_2")
    results = [gqleval.compare(r["schema"], r["gt_query"], r["gt_query_2"]) for r in rows]
    _assert_same(results, lines, rows)
    # The set has rows of several verdicts, so the comparison covers them.
    verdicts = {r["verdict"] for r in results}
    assert {"equivalent", "no_query", "invalid_reference"} <= verdicts, verdicts


def test_compare_equals_cli_score_on_the_generated_sample():
    path, rows = sample_rows()
    lines = cli_score_lines(path)
    results = [
        gqleval.compare(r["schema"], r["reference"], r["candidate"], variables=r["variables"])
        for r in rows
    ]
    _assert_same(results, lines, rows)
    # The sample's labels, as the engine must give them.
    assert [r["verdict"] for r in results] == [r["expected_verdict"] for r in rows]


def test_compare_with_options_equals_cli_score():
    path, rows = sample_rows()
    flags = ["--delta", "2", "--rule-set", "cycles", "--no-extract", "--ignore-typename"]
    lines = cli_score_lines(path, *flags)
    results = [
        gqleval.compare(r["schema"], r["reference"], r["candidate"], variables=r["variables"],
                        delta=2, rule_set="cycles", extract=False, ignore_typename=True)
        for r in rows
    ]
    _assert_same(results, lines, rows)
    assert any(r["verdict"] == "overfetch_ok" for r in results)


def test_compare_by_name_equals_cli_score_by_name():
    path, rows = sample_rows()
    lines = cli_score_lines(path, "--variables-by-name")
    results = [
        gqleval.compare(r["schema"], r["reference"], r["candidate"], variables=r["variables"],
                        variables_by_name=True)
        for r in rows
    ]
    _assert_same(results, lines, rows)


def test_score_batch_equals_cli_byte_for_byte():
    path, rows = sample_rows()
    lines = cli_score_lines(path)
    results = gqleval.score_batch([r["schema"] for r in rows], [r["reference"] for r in rows],
                                  [r["candidate"] for r in rows],
                                  variables=[r["variables"] for r in rows], threads=2)
    assert [dumps(r) for r in results] == [result_members(line) for line in lines]


def test_score_batch_equals_cli_on_nl2gql_with_two_references():
    # gt_query and gt_query_2 are both references (the CLI's default for the
    # set; a blank gt_query_2 is no reference); the candidate is the second
    # reference where there is one, with one field less.
    path, rows = nl2gql_rows()
    candidates = [r["gt_query_2"] or r["gt_query"] for r in rows]
    tmp = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"gqleval_py_{os.getpid()}.jsonl")
    with open(tmp, "w", encoding="utf-8") as f:
        for r, c in zip(rows, candidates):
            f.write(json.dumps({"schema": r["schema"], "gt_query": r["gt_query"],
                                "gt_query_2": r["gt_query_2"], "candidate": c}) + "\n")
    try:
        lines = cli_score_lines(tmp)
    finally:
        os.remove(tmp)
    results = gqleval.score_batch([r["schema"] for r in rows],
                                  [[r["gt_query"], r["gt_query_2"]] for r in rows], candidates)
    assert [dumps(r) for r in results] == [result_members(line) for line in lines]
    matched = {r["matched_reference"] for r in results}
    assert {0, 1} <= matched, matched


def test_summary_equals_the_cli_summary(tmp_path):
    path, rows = sample_rows()
    summary_path = tmp_path / "summary.json"
    run_cli("score", path, "-q", "-o", str(tmp_path / "r.jsonl"), "--summary", str(summary_path))
    cli = json.loads(summary_path.read_text())
    results = gqleval.score_batch([r["schema"] for r in rows], [r["reference"] for r in rows],
                                  [r["candidate"] for r in rows],
                                  variables=[r["variables"] for r in rows])
    assert gqleval.summary(results) == {k: cli[k] for k in gqleval.SUMMARY_FIELDS if k in cli}


def test_score_file_is_the_cli_score(tmp_path):
    path, _ = sample_rows()
    run_cli("score", path, "-q", "-o", str(tmp_path / "cli.jsonl"), "--summary",
            str(tmp_path / "cli.json"), "--group-by", "expected_verdict")
    summary = gqleval.score_file(path, out=tmp_path / "py.jsonl", group_by=["expected_verdict"])
    assert (tmp_path / "py.jsonl").read_bytes() == (tmp_path / "cli.jsonl").read_bytes()
    cli = json.loads((tmp_path / "cli.json").read_text())
    # What depends on the run itself (time, arguments, paths) differs.
    for k in ("pairs_per_second", "provenance"):
        cli.pop(k)
        summary.pop(k)
    assert summary.pop("gates_met") is True
    assert summary == cli
