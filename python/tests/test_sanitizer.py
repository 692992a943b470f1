"""That the sanitizer build's sanitizers are live in the tests' interpreter
(python/CMakeLists.txt runs this file in that build only): ASan's runtime is
preloaded, Python's objects are ASan's allocations (PYTHONMALLOC=malloc), and a
report stops the process at once, its stack symbolized, its output closed."""

import ctypes
import os
import subprocess
import sys
import textwrap

import pytest

import gqleval
from conftest import SANITIZED, SOURCE_DIR

pytestmark = pytest.mark.skipif(
    not SANITIZED, reason="SKIP: checks the sanitizer build (GQLEVAL_SANITIZED=1) only")


def test_the_module_runs_on_the_preloaded_asan_runtime():
    assert hasattr(ctypes.CDLL(None), "__asan_init")
    with open("/proc/self/maps", encoding="utf-8") as f:
        maps = f.read()
    runtime = os.environ["LD_PRELOAD"]
    assert runtime in maps
    assert gqleval._core.__file__ in maps
    # Only one ASan runtime is loaded: the module's is the preloaded one.
    loaded = {path for path in (line.split()[-1] for line in maps.splitlines())
              if os.path.basename(path).startswith(("libclang_rt.asan", "libasan"))}
    assert loaded == {runtime}, loaded


def run_child(code):
    """CODE in a child with this test's environment: the preload, the options,
    the symbolizer. (A symbolizer that never exits, as llvm-symbolizer does
    with the preload inherited, holds the pipes open past the timeout.)"""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, timeout=120)


def test_a_heap_overflow_in_the_interpreter_is_reported_and_stops_it():
    # A read past a bytes object by CPython's memcpy, which ASan intercepts:
    # the object is ASan's allocation.
    done = run_child("""
        import ctypes, sys
        b = bytes(range(64))
        data = id(b) + sys.getsizeof(b) - len(b) - 1  # ob_sval
        ctypes.string_at(data, len(b) + 64)
        print("not reported")
        """)
    assert done.returncode != 0 and "not reported" not in done.stdout
    assert "ERROR: AddressSanitizer: heap-buffer-overflow" in done.stderr, done.stderr


def test_the_module_reading_poisoned_python_memory_is_reported_with_our_sources():
    # The module reads a str's text where CPython keeps it: 8 bytes of it
    # poisoned, its read is a report, symbolized down to our source files.
    done = run_child("""
        import ctypes, sys
        import gqleval
        s = "{ farm(farm_id: 1) { cows } }" * 4
        assert s.isascii()  # a compact ASCII str: its UTF-8 is its text, after the object
        data = id(s) + sys.getsizeof(s) - len(s) - 1
        ctypes.CDLL(None).__asan_poison_memory_region(ctypes.c_void_p(data + 8),
                                                      ctypes.c_size_t(8))
        gqleval.compare("type Query { a: Int }", "{ a }", s)
        print("not reported")
        """)
    assert done.returncode != 0 and "not reported" not in done.stdout
    assert "ERROR: AddressSanitizer: use-after-poison" in done.stderr, done.stderr
    assert " in gqleval::" in done.stderr and SOURCE_DIR in done.stderr, done.stderr
