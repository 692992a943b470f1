"""Bad input from Python: a clear TypeError or ValueError, or a verdict; never
a crash (these tests also run in the sanitizer build)."""

import math
import random

import pytest

import gqleval

VERDICTS = {"equivalent", "overfetch_ok", "overfetch", "underfetch", "mismatch", "no_query",
            "invalid_candidate", "invalid_reference", "invalid_schema", "bad_row"}


def test_none_cells_are_empty_cells(farm):
    schema, ref, answer = farm
    assert gqleval.compare(schema, ref, None)["verdict"] == "no_query"
    assert gqleval.compare(schema, None, answer)["verdict"] == "invalid_reference"
    assert gqleval.compare(None, ref, answer)["verdict"] == "invalid_schema"
    # pandas' missing value in an object column.
    assert gqleval.compare(schema, ref, math.nan)["verdict"] == "no_query"
    rows = gqleval.score_batch([schema, None], [ref, None], [None, answer], variables=[None, None])
    assert [r["verdict"] for r in rows] == ["no_query", "invalid_schema"]


@pytest.mark.parametrize("value, kind", [(b"{ a }", "bytes"), (bytearray(b"x"), "bytearray"),
                                         (3, "int"), ({"q": "{ a }"}, "dict"), (object(), "object")])
def test_cells_of_other_types_are_type_errors(farm, value, kind):
    schema, ref, _ = farm
    # (A list or tuple is an answer of several query texts: test_api.py.)
    answer = "str, a list of query texts or None"
    with pytest.raises(TypeError, match=f"candidate must be {answer}, not {kind}"):
        gqleval.compare(schema, ref, value)
    with pytest.raises(TypeError, match=rf"candidates\[1\] must be {answer}, not {kind}"):
        gqleval.score_batch(schema, [ref, ref], [ref, value])
    with pytest.raises(TypeError, match=f"schema must be str or None, not {kind}"):
        gqleval.compare(value, ref, ref)


def test_bytes_say_to_decode(farm):
    schema, ref, _ = farm
    with pytest.raises(TypeError, match="decode it first"):
        gqleval.compare(schema.encode(), ref, ref)


def test_sequences_of_the_wrong_shape(farm):
    schema, ref, answer = farm
    with pytest.raises(ValueError, match="^candidates has 2 items and the rows are 3: give one per row$"):
        gqleval.score_batch(schema, [ref] * 3, [answer] * 2)
    with pytest.raises(ValueError, match="^schemas has 4 items and the rows are 3"):
        gqleval.score_batch([schema] * 4, [ref] * 3, [answer] * 3)
    with pytest.raises(ValueError, match="^variables has 1 items and the rows are 3"):
        gqleval.score_batch(schema, [ref] * 3, [answer] * 3, variables=[None])
    with pytest.raises(TypeError, match="references must be a sequence"):
        gqleval.score_batch(schema, ref, [answer])
    with pytest.raises(TypeError, match="candidates must be a str or a sequence of str, not int"):
        gqleval.score_batch(schema, [ref], 5)
    with pytest.raises(ValueError, match="^row 0 has no reference: give at least one$"):
        gqleval.score_batch(schema, [[]], [answer])
    assert gqleval.score_batch(schema, [], []) == []


def test_lone_surrogates_are_value_errors(farm):
    schema, ref, _ = farm
    with pytest.raises(ValueError):  # UnicodeEncodeError
        gqleval.compare(schema, ref, "{ farm \ud800 }")


def test_a_50_mb_string_is_a_bad_row_or_a_verdict(farm):
    schema, ref, _ = farm
    big = "Sure. " * (50 * 1024 * 1024 // 6)
    r = gqleval.compare(schema, ref, big)
    assert r["verdict"] == "bad_row" and r["errors"][0]["rule"] == "field_too_large"
    assert "candidate is 52428798 bytes" in r["errors"][0]["message"]
    # Without the limit the engine reads it all: no query in it.
    assert gqleval.compare(schema, ref, big, max_field_bytes=0)["verdict"] == "no_query"
    huge_query = "{ farm(farm_id: 1) { " + "cows " * (10 * 1024 * 1024) + "} }"
    assert gqleval.compare(schema, ref, huge_query, max_field_bytes=0)["verdict"] in VERDICTS
    assert gqleval.compare(big, ref, ref)["verdict"] == "bad_row"
    deep = "{ farm(farm_id: 1) " + "{ a " * 200000
    assert gqleval.compare(schema, ref, deep, max_field_bytes=0)["verdict"] == "invalid_candidate"


def test_variables_that_are_not_an_object_make_a_bad_row(farm):
    schema, ref, answer = farm
    r = gqleval.compare(schema, ref, answer, variables="[1, 2")
    assert r["verdict"] == "bad_row" and r["errors"][0]["rule"] == "invalid_variables"
    with pytest.raises(TypeError, match="variables must be str or None, not int"):
        gqleval.compare(schema, ref, answer, variables=3)


def test_mangled_text_never_crashes(farm):
    schema, ref, answer = farm
    rng = random.Random(16)
    alphabet = "{}()[]:$@!.,\"'#\\\n query fragment on ... farm cows 1 é 😀 \x00"
    texts = []
    for _ in range(400):
        base = rng.choice([ref, answer, schema])
        chars = list(base)
        for _ in range(rng.randint(1, 12)):
            at = rng.randrange(len(chars) + 1)
            if rng.random() < 0.5 and chars:
                del chars[min(at, len(chars) - 1)]
            else:
                chars.insert(at, rng.choice(alphabet))
        texts.append("".join(chars))
    for t in texts:
        assert gqleval.compare(schema, ref, t)["verdict"] in VERDICTS
        assert gqleval.compare(t, ref, answer)["verdict"] in VERDICTS
        assert gqleval.compare(schema, t, answer)["verdict"] in VERDICTS
        assert isinstance(gqleval.validate(schema, t), list)
    rows = gqleval.score_batch(texts, texts[::-1], texts, threads=2)
    assert {r["verdict"] for r in rows} <= VERDICTS
