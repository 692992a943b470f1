"""gqleval's Python API: what each call returns and refuses."""

import json

import pytest

import gqleval


def test_compare_returns_the_result_members(farm):
    schema, ref, answer = farm
    r = gqleval.compare(schema, ref, answer)
    assert tuple(r) == gqleval.RESULT_FIELDS
    assert r["verdict"] == "overfetch" and r["pass"] is False
    assert (r["missing"], r["extra"], r["matched_reference"]) == (0, 1, 0)
    assert r["extra_paths"] == [{"path": "query -> farm(farm_id: 1) -> working_horses",
                                 "line": 5, "column": 31, "nodes": 1}]


def test_options_change_the_verdict(farm):
    schema, ref, answer = farm
    assert gqleval.compare(schema, ref, answer, delta=1)["verdict"] == "overfetch_ok"
    # Without extraction the prose is no query.
    assert gqleval.compare(schema, ref, answer, extract=False)["verdict"] == "invalid_candidate"


def test_bad_options_are_value_errors_with_the_cli_message(farm, tmp_path):
    schema, ref, answer = farm
    with pytest.raises(ValueError, match=r"^unknown rule 'loops' in rule_set \(the rules are "
                                         r"cycles, endpoints, rgeval\)$"):
        gqleval.compare(schema, ref, answer, rule_set="cycles,loops")
    with pytest.raises(ValueError, match="^delta must be a whole number from 0 to 4294967295, not -1$"):
        gqleval.Scorer(delta=-1)
    with pytest.raises(ValueError, match="^delta must be a whole number from 0 to 4294967295, not 1.5$"):
        gqleval.Scorer(delta=1.5)
    missing = tmp_path / "none.json"
    with pytest.raises(ValueError, match=str(missing)):
        gqleval.Scorer(rules=missing)
    with pytest.raises(TypeError, match="^delta must be an int, not str$"):
        gqleval.Scorer(delta="1")
    with pytest.raises(TypeError, match="^extract must be a bool, not int$"):
        gqleval.Scorer(extract=1)
    with pytest.raises(ValueError, match="^threads must be a whole number from 1 to 4096, not 0$"):
        gqleval.score_batch(schema, [ref], [answer], threads=0)
    with pytest.raises(ValueError, match="^mode must be equivalence, subset or coverage, not 'x'$"):
        gqleval.compare(schema, ref, answer, mode="x")
    with pytest.raises(ValueError, match=r"^rule_set is not available with mode='subset'"):
        gqleval.compare(schema, ref, answer, mode="subset", rule_set="cycles")
    with pytest.raises(TypeError):
        gqleval.compare(schema, ref, answer, no_such_option=1)


def test_a_rules_file_is_used(tmp_path):
    schema = "type Query { users(id: Int!): User  usersById(id: Int!): User }  type User { name: String }"
    ref = "{ users(id: 1) { name } }"
    cand = "{ usersById(id: 1) { name } }"
    # Derived from the schema (same signature), unless the rule is off.
    assert gqleval.compare(schema, ref, cand)["verdict"] == "equivalent"
    assert gqleval.compare(schema, ref, cand, rule_set="none")["verdict"] == "mismatch"


def test_several_references_name_the_match(farm):
    schema, ref, answer = farm
    other = "{ farm(farm_id: 1) { cows pigs working_horses } }"
    r = gqleval.compare(schema, ["{ farm(farm_id: 2) { cows } }", other], other)
    assert r["verdict"] == "equivalent" and r["matched_reference"] == 1


def test_variables_as_text_or_dict():
    schema = "type Query { farm(farm_id: Int!): Farm }  type Farm { cows: Float }"
    ref = "{ farm(farm_id: 3) { cows } }"
    cand = "query ($id: Int!) { farm(farm_id: $id) { cows } }"
    assert gqleval.compare(schema, ref, cand, variables={"id": 3})["verdict"] == "equivalent"
    assert gqleval.compare(schema, ref, cand, variables='{"id": 4}')["verdict"] == "mismatch"


def test_variables_by_name(tmp_path):
    schema = ("type Query { order(id: ID!): Order  user(id: ID!): User }  "
              "type Order { id: ID }  type User { name: String }")
    head = "query($orderId: ID!, $userId: ID!) "
    ref = head + "{ order(id: $orderId) { id } user(id: $userId) { name } }"
    swapped = head + "{ order(id: $userId) { id } user(id: $orderId) { name } }"
    # By position a swap is a renaming; by name it asks for other records.
    assert gqleval.compare(schema, ref, swapped)["verdict"] == "equivalent"
    r = gqleval.compare(schema, ref, swapped, variables_by_name=True)
    assert r["verdict"] == "mismatch"
    assert [d["field"] for d in r["argument_differences"]] == ["order", "user"]
    assert gqleval.compare(schema, ref, ref, variables_by_name=True)["verdict"] == "equivalent"
    scorer = gqleval.Scorer(variables_by_name=True)
    assert scorer.options["variables_by_name"] is True
    assert scorer.score_batch(schema, [ref], [swapped]) == [r]
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"schema": schema, "reference": ref, "candidate": swapped}) + "\n")
    out = tmp_path / "out.jsonl"
    s = gqleval.score_file(rows, out=out, variables_by_name=True)
    assert s["variables_by_name"] is True and s["verdicts"]["mismatch"]["count"] == 1
    assert gqleval.score_file(rows, out=out)["variables_by_name"] is False


def test_validate_lists_errors(farm):
    schema, _, _ = farm
    assert gqleval.validate(schema, "{ farm(farm_id: 1) { cows } }") == []
    errors = gqleval.validate(schema, "{ farm(farm_id: 1) { goats } }")
    assert errors == [{"query": "query", "rule": "FieldsOnCorrectType",
                       "message": 'Cannot query field "goats" on type "Farm". Did you mean "cows"?',
                       "line": 1, "column": 22}]
    bad_schema = gqleval.validate("type Query { a: Nope }", "{ a }")
    assert bad_schema and bad_schema[0]["query"] == "schema"


def test_score_batch_takes_series_and_arrays(farm):
    pd = pytest.importorskip("pandas")
    np = pytest.importorskip("numpy")
    schema, ref, answer = farm
    frame = pd.DataFrame({"ref": [ref] * 3, "cand": [answer, ref, None]}, index=[10, 20, 30])
    out = gqleval.score_batch(schema, frame["ref"], frame["cand"], as_frame=True)
    assert list(out.index) == [10, 20, 30]
    assert list(out.columns) == list(gqleval.RESULT_FIELDS)
    assert list(out["verdict"]) == ["overfetch", "equivalent", "no_query"]
    assert out["missing"].isna().tolist() == [False, False, True]
    as_list = gqleval.score_batch(np.array([schema] * 3, dtype=object), np.array(frame["ref"]),
                                  np.array(frame["cand"], dtype=object))
    assert as_list == [gqleval.compare(schema, ref, c) for c in (answer, ref, None)]


def test_summaries_merge_exactly(farm):
    schema, ref, answer = farm
    cands = [answer, ref, None, "{ farm(farm_id: 1) { cows } }", "nonsense {"] * 7
    rows = gqleval.score_batch(schema, [ref] * len(cands), cands)
    whole = gqleval.summary(rows)
    assert whole["rows"] == len(cands)
    assert whole["verdicts"]["equivalent"]["count"] == 7
    for k in (1, 5, 17, 34):
        parts = [gqleval.counts(rows[:k]), gqleval.counts(rows[k:])]
        assert gqleval.summary_of_counts(gqleval.merge_counts(parts)) == whole
    pd = pytest.importorskip("pandas")
    assert gqleval.summary(gqleval.score_batch(schema, [ref] * len(cands), cands,
                                               as_frame=True)) == whole
    with pytest.raises(ValueError, match="verdict 'maybe' of row 0"):
        gqleval.summary([{"verdict": "maybe", "f1": 0}])


def test_score_file_errors(tmp_path):
    with pytest.raises(OSError):
        gqleval.score_file(tmp_path / "absent.csv")
    rows = tmp_path / "rows.csv"
    rows.write_text("schema,reference,candidate\n\"type Query { a: Int }\",{ a },{ a }\n")
    with pytest.raises(ValueError, match="mode must be equivalence, subset or coverage, not 'x'"):
        gqleval.score_file(rows, mode="x")
    s = gqleval.score_file(rows, fail_under="pass_rate=1")
    assert s["rows"] == 1 and s["pass"] == 1 and s["gates_met"] is True
    lm = gqleval.score_file(rows, summary_format="lm-eval")
    assert lm["results"]["rows"]["pass,none"] == 1


def test_the_stubs_name_what_the_module_has():
    import os
    stub = os.path.join(os.path.dirname(gqleval.__file__), "__init__.pyi")
    text = open(stub, encoding="utf-8").read()
    for name in gqleval.__all__:
        assert name in text, name


DERIVED_SCHEMA = """
type User { id: ID! name: String posts: [Post] }
type Post { id: ID! title: String user: User }
type Query {
  user(id: ID!): User
  userById(id: ID!): User
  issue(id: ID!): Post
  attachmentIssue(id: ID!): Post
}
"""


def test_derived_rules_are_a_rules_file_that_reads_back(tmp_path):
    rules = gqleval.derived_rules(DERIVED_SCHEMA)
    assert rules["version"] == 1
    assert rules["derive"] == {"inverse_pairs": False, "endpoints": False}
    assert rules["inverse_pairs"] == [{"field": "User.posts", "inverse": "Post.user"}]
    # issue and attachmentIssue share a signature, but no name says they are one.
    assert rules["endpoints"] == [{"canonical": "user", "same_as": ["userById"]}]
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(rules))
    ref = "{ user(id: 1) { name posts { title user { id } } } }"
    for answer in ["{ userById(id: 1) { id name posts { title } } }", "{ user(id: 1) { name } }"]:
        derived = gqleval.compare(DERIVED_SCHEMA, ref, answer)
        declared = gqleval.compare(DERIVED_SCHEMA, ref, answer, rules=str(path))
        assert (declared["verdict"], declared["missing"], declared["extra"]) == (
            derived["verdict"], derived["missing"], derived["extra"])
    assert gqleval.compare(DERIVED_SCHEMA, ref, "{ userById(id: 1) { id name posts { title } } }",
                           rules=str(path))["verdict"] == "equivalent"


def test_derived_rules_of_a_schema_that_does_not_build():
    with pytest.raises(ValueError, match="^the schema does not build: "):
        gqleval.derived_rules("type Query { a: Nope }")


def test_subset_mode_and_row_ids(farm):
    schema, ref, answer = farm
    r = gqleval.compare(schema, ref, answer, mode="subset")
    assert list(r) == list(gqleval.SUBSET_RESULT_FIELDS)
    assert r["verdict"] in ("subset", "missing")
    rows = gqleval.score_batch(schema, [ref] * 4, [answer, answer, "nothing", answer],
                               ids=["a", 7, None, 2.5], mode="subset")
    # Each row led by its own id, the repeats of row 0 included; None: no id.
    assert [row.get("id", "-") for row in rows] == ["a", 7, "-", 2.5]
    assert list(rows[0]) == ["id"] + list(gqleval.SUBSET_RESULT_FIELDS)
    assert {k: v for k, v in rows[1].items() if k != "id"} == r
    assert rows[2]["verdict"] == "no_query"
    s = gqleval.summary(rows)
    assert s["mode"] == "subset" and s["rows"] == 4 and "mean_score" in s and "mean_f1" not in s
    c = gqleval.counts(rows[:2])
    assert gqleval.summary_of_counts(gqleval.merge_counts([c, gqleval.counts(rows[2:])])) == s
    with pytest.raises(ValueError, match="counts of mode 'equivalence' and of 'subset'"):
        gqleval.merge_counts([c, gqleval.counts([gqleval.compare(schema, ref, answer)])])
    with pytest.raises(ValueError, match=r"^ids has 1 items and the rows are 4"):
        gqleval.score_batch(schema, [ref] * 4, [answer] * 4, ids=["x"])
    with pytest.raises(TypeError, match=r"^ids\[0\] must be a str, an int, a float or None"):
        gqleval.score_batch(schema, [ref], [answer], ids=[b"x"])
    pd = pytest.importorskip("pandas")
    frame = gqleval.score_batch(schema, [ref] * 2, [answer] * 2, ids=["a", "b"], mode="subset",
                                as_frame=True)
    assert list(frame.columns) == ["id"] + list(gqleval.SUBSET_RESULT_FIELDS)
    assert str(frame["score"].dtype) == "float64" and str(frame["missing"].dtype) == "Int64"


def test_more_threads_than_cores_run_without_a_warning(tmp_path):
    # oneTBB warns on stderr when an arena asks for more threads than its
    # default limit; the engine raises the limit for the call, as the CLI does.
    import subprocess
    import sys
    code = ("import gqleval, os\n"
            "n = (os.cpu_count() or 1) * 2 + 1\n"
            "rows = gqleval.score_batch('type Query { a: Int }', ['{ a }'] * 2000,"
            " ['{ a%d: a }' % i for i in range(2000)], threads=n)\n"
            "assert len(rows) == 2000\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "TBB Warning" not in done.stderr, done.stderr


def test_an_answer_of_several_queries_is_a_list(farm):
    """With answer="all" a candidate may be a list or tuple of query texts (an
    agent's several queries): the JSON array the engine reads, in compare()
    and in score_batch()'s cells alike."""
    schema, _, _ = farm
    ref = "{ farm(farm_id: 1) { farm_id total_horses } }"
    parts = ["{ farm(farm_id: 1) { farm_id } }", "{ farm(farm_id: 1) { total_horses } }"]
    r = gqleval.compare(schema, ref, parts, answer="all")
    assert (r["verdict"], r["operations"], r["invalid_operations"]) == ("equivalent", 2, 0)
    assert gqleval.compare(schema, ref, tuple(parts), answer="all")["verdict"] == "equivalent"
    assert gqleval.compare(schema, ref, json.dumps(parts), answer="all")["verdict"] == "equivalent"
    rows = gqleval.score_batch(schema, [ref, ref, ref], [parts, parts[:1], parts + [7]],
                               answer="all")
    assert [r["verdict"] for r in rows] == ["equivalent", "underfetch", "invalid_candidate"]
    assert rows[2]["errors"][0]["message"] == "entry 2 of the answer's array is not a string"
