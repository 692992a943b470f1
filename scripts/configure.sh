#!/usr/bin/env bash
# Configures a build folder the way scripts/test.sh and scripts/fuzz.sh build it,
# installing missing Debian packages first, and prints the folder's name.
#   scripts/configure.sh             Release build in build/ (the default compiler)
#   scripts/configure.sh --sanitize  ASan + UBSan build in build-asan/: with clang
#                                    (when installed) it also builds the libFuzzer
#                                    targets of fuzz/ (GQLEVAL_FUZZ), else with g++
# Idempotent: an existing folder is reconfigured only as needed; one that was
# configured with another compiler is started afresh.
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=build
flags=(-DCMAKE_BUILD_TYPE=Release -DGQLEVAL_TESTS=ON -DGQLEVAL_PYTHON=ON)
compiler=
if [ "${1:-}" = "--sanitize" ]; then
  build_dir=build-asan
  # -O1 keeps the sanitizer build quick to compile and still fast enough to run.
  # The Python module stays out of it: an ASan-built extension needs the ASan
  # runtime preloaded into the (uninstrumented) interpreter, which is not yet
  # checked to work here (python/CMakeLists.txt has the preload for a build
  # that asks for it with -DGQLEVAL_PYTHON=ON).
  flags=(-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1" -DGQLEVAL_TESTS=ON
         -DGQLEVAL_SANITIZE=ON -DGQLEVAL_PYTHON=OFF)
  echo "configure: the sanitizer build leaves out the Python module (python/)" >&2
  if command -v clang++ >/dev/null 2>&1; then
    compiler=$(command -v clang++)
    flags+=("-DCMAKE_CXX_COMPILER=$compiler" -DGQLEVAL_FUZZ=ON)
  else
    echo "configure: clang++ not found; the sanitizer build uses the default compiler" \
         "and has no libFuzzer targets (scripts/install-deps.sh installs clang)" >&2
    flags+=(-DGQLEVAL_FUZZ=OFF)
  fi
fi

scripts/install-deps.sh --test >&2
cache="$build_dir/CMakeCache.txt"
if [ -f "$cache" ]; then
  cached=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$cache")
  stale=no
  if [ -n "$compiler" ]; then
    [ "$cached" = "$compiler" ] || stale=yes
  elif [[ "${cached##*/}" == clang++* ]]; then
    stale=yes
  fi
  if [ "$stale" = yes ]; then
    echo "configure: $build_dir was configured with $cached; starting it afresh" >&2
    rm -rf "$cache" "$build_dir/CMakeFiles"
  fi
fi
cmake -S . -B "$build_dir" -G Ninja "${flags[@]}" >/dev/null
echo "$build_dir"
