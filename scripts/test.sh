#!/usr/bin/env bash
# Builds gqleval with its tests and runs every test with CTest.
#   scripts/test.sh             Release build in build/, all tests
#   scripts/test.sh --sanitize  AddressSanitizer + UBSan build in build-asan/, all tests
# Idempotent: re-running reuses the build directory.
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=build
flags=(-DCMAKE_BUILD_TYPE=Release -DGQLEVAL_TESTS=ON)
if [ "${1:-}" = "--sanitize" ]; then
  build_dir=build-asan
  # -O1 keeps the sanitizer build quick to compile and still fast enough to run.
  flags=(-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1" -DGQLEVAL_TESTS=ON
         -DGQLEVAL_SANITIZE=ON)
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
fi

scripts/install-deps.sh
cmake -S . -B "$build_dir" -G Ninja "${flags[@]}" >/dev/null
cmake --build "$build_dir" -j"$(nproc)"
ctest --test-dir "$build_dir" --output-on-failure -j"$(nproc)"
