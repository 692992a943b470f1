"""Each example in examples/python runs and prints what it should."""

import os
import subprocess
import sys

from conftest import SOURCE_DIR

EXAMPLES = os.path.join(SOURCE_DIR, "examples", "python")


def run(name, *args):
    done = subprocess.run([sys.executable, os.path.join(EXAMPLES, name), *args],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_harness_task():
    out = run("harness_task.py")
    assert out.splitlines() == [
        "sample 0: equivalent",
        "sample 1: overfetch",
        "sample 2: invalid_candidate",
        "sample 3: no_query",
        "pass 0.250, f1 0.450 over 4 samples",
    ]


def test_pandas_report():
    out = run("pandas_report.py").splitlines()
    assert out[0] == "300 rows, pass rate 0.480, mean F1 0.793"
    # The crosstab's diagonal: every label is the engine's verdict.
    assert out[1].split() == ["verdict", "equivalent", "mismatch", "overfetch", "underfetch"]
    assert [line.split() for line in out[3:7]] == [
        ["equivalent", "144", "0", "0", "0"], ["mismatch", "0", "63", "0", "0"],
        ["overfetch", "0", "0", "44", "0"], ["underfetch", "0", "0", "0", "49"]]


def test_dask_run():
    out = run("dask_run.py").splitlines()
    assert out[:2] == ["2 workers, 4 partitions", "300 rows, pass rate 0.480, mean F1 0.793"]
    assert out[2:] == ["equivalent    144", "mismatch       63", "overfetch      44",
                       "underfetch     49"]
