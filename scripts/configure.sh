#!/usr/bin/env bash
# Configures a build folder the way scripts/test.sh and scripts/fuzz.sh build it,
# installing missing Debian packages first, and prints the folder's name.
#   scripts/configure.sh             Release build in build/ (the default compiler)
#   scripts/configure.sh --sanitize  ASan + UBSan build in build-asan/: with clang
#                                    (when installed) it also builds the libFuzzer
#                                    targets of fuzz/ (GQLEVAL_FUZZ) and the Python
#                                    module, else with g++ and without either
# Idempotent: an existing folder is reconfigured only as needed; one that was
# configured with another compiler is started afresh.
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=build
flags=(-DCMAKE_BUILD_TYPE=Release -DGQLEVAL_TESTS=ON -DGQLEVAL_PYTHON=ON)
compiler=
bindings_checked=yes  # whether the language bindings' sanitizer set-up holds here
if [ "${1:-}" = "--sanitize" ]; then
  build_dir=build-asan
  # -O1 keeps the sanitizer build quick to compile and still fast enough to run.
  flags=(-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1" -DGQLEVAL_TESTS=ON
         -DGQLEVAL_SANITIZE=ON)
  if command -v clang++ >/dev/null 2>&1; then
    compiler=$(command -v clang++)
    # With clang the Python module is built and tested too: the extension is
    # instrumented and linked to ASan's shared runtime, which its tests preload
    # into Debian's (uninstrumented) python3 (python/CMakeLists.txt).
    flags+=("-DCMAKE_CXX_COMPILER=$compiler" -DGQLEVAL_FUZZ=ON -DGQLEVAL_PYTHON=ON)
  else
    # The preload of GCC's libasan into the interpreter has not been checked.
    echo "configure: clang++ not found; the sanitizer build uses the default compiler" \
         "and has no libFuzzer targets and no Python module (scripts/install-deps.sh" \
         "installs clang)" >&2
    flags+=(-DGQLEVAL_FUZZ=OFF -DGQLEVAL_PYTHON=OFF)
    bindings_checked=no
  fi
fi

scripts/install-deps.sh --test >&2
# With Node.js installed, the npm package's addon (js/) is built and tested
# too (its headers are the installed Node.js's, or Debian's libnode-dev).
# (In a sanitizer build without clang, no more than the Python module.)
if ! command -v node >/dev/null 2>&1; then
  echo "configure: node not found; the JavaScript package (js/) is not built or tested" >&2
  flags+=(-DGQLEVAL_NODE=OFF)
elif [ "$bindings_checked" = yes ]; then
  flags+=(-DGQLEVAL_NODE=ON)
else
  flags+=(-DGQLEVAL_NODE=OFF)
fi
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
