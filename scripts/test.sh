#!/usr/bin/env bash
# Builds gqleval with its tests and runs every test with CTest.
#   scripts/test.sh             Release build in build/, all tests, the Python module's
#                               (python/, pytest through ctest: Python.*) included
#   scripts/test.sh --sanitize  AddressSanitizer + UBSan build in build-asan/, all tests;
#                               with clang it also builds the fuzz targets, which
#                               scripts/fuzz.sh runs (see scripts/configure.sh), and the
#                               Python module's tests (without clang, not the module)
# Every build replays the fuzz regression inputs (ctest -L fuzz).
# Idempotent: re-running reuses the build directory.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--sanitize" ]; then
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
fi
build_dir=$(scripts/configure.sh "$@")
cmake --build "$build_dir" -j"$(nproc)"
ctest --test-dir "$build_dir" --output-on-failure -j"$(nproc)"
