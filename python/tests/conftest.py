"""Shared fixtures of the gqleval module's tests (run by ctest: python/CMakeLists.txt
sets PYTHONPATH to the build folder's package and GQLEVAL_BINARY to the CLI)."""

import csv
import json
import os
import subprocess
import sys

import pytest

SOURCE_DIR = os.environ.get(
    "GQLEVAL_SOURCE_DIR", os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))
SHARED_DIR = os.environ.get("GQLEVAL_SHARED_DIR", os.path.join(SOURCE_DIR, "..", "shared"))
BINARY = os.environ.get("GQLEVAL_BINARY", os.path.join(SOURCE_DIR, "build", "gqleval"))
EXAMPLES = os.path.join(SOURCE_DIR, "examples")
SANITIZED = os.environ.get("GQLEVAL_SANITIZED") == "1"

csv.field_size_limit(sys.maxsize)


def read_text(*parts):
    with open(os.path.join(*parts), encoding="utf-8") as f:
        return f.read()


@pytest.fixture(scope="session")
def farm():
    """The README's farm example: schema, reference, raw model answer."""
    return (read_text(EXAMPLES, "farm.graphql"), read_text(EXAMPLES, "ref.graphql"),
            read_text(EXAMPLES, "answer.txt"))


def cli_env():
    """The gqleval program's environment. In the sanitizer build the program has
    ASan's runtime linked in and dies ("linked against incompatible ASan
    runtimes") beside the shared one preloaded for the interpreter, so the
    preload is left out; and its leaks are ours, so they are checked, as its
    own tests check them."""
    env = dict(os.environ)
    if SANITIZED:
        env.pop("LD_PRELOAD", None)
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "").replace("detect_leaks=0",
                                                                  "detect_leaks=1")
    return env


def run_cli(*args):
    """Runs the gqleval program; its stdout."""
    if not os.path.exists(BINARY):
        pytest.skip(f"SKIP: the gqleval program is not built at {BINARY}")
    done = subprocess.run([BINARY, *args], capture_output=True, text=True, env=cli_env())
    assert done.returncode in (0, 1), done.stderr
    return done.stdout


def cli_score_lines(path, *flags):
    """`gqleval score PATH FLAGS -o -`: the result lines as text, in order."""
    out = run_cli("score", path, "-q", "-o", "-", "--threads", "2", *flags)
    return out.splitlines()


def result_members(line):
    """The result members of a score line (from "verdict" on) as the text of
    an object: the line without its head (row, id, ...), which names a
    file's row."""
    at = line.index('"verdict":')
    return "{" + line[at:]


def dumps(result):
    """A result serialized as the CLI writes JSON."""
    return json.dumps(result, separators=(",", ":"), ensure_ascii=False)


def nl2gql_rows():
    """The bundled NL2GQL test set (../shared/datasets/nl2gql), or a skip."""
    path = os.path.join(SHARED_DIR, "datasets", "nl2gql", "nl2gql_test.csv")
    if not os.path.exists(path):
        pytest.skip(f"SKIP: the shared NL2GQL set is absent ({path})")
    with open(path, newline="", encoding="utf-8-sig") as f:
        return path, list(csv.DictReader(f))


def sample_rows():
    """The generated sample (datasets/generated/sample.csv), schemas read from
    its schema_path column."""
    path = os.path.join(SOURCE_DIR, "datasets", "generated", "sample.csv")
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    folder = os.path.dirname(path)
    texts = {}
    for r in rows:
        p = r["schema_path"]
        if p not in texts:
            texts[p] = read_text(folder, p)
        r["schema"] = texts[p]
    return path, rows
