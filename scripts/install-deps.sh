#!/usr/bin/env bash
# Installs the Debian 12 packages gqleval builds with, only those missing.
#   scripts/install-deps.sh         what building and running gqleval needs
#   scripts/install-deps.sh --test  also what the tests need beyond that: chromium,
#                                   in which the HTML report is tested (ReportHtml), and
#                                   man-db and groff-base, which render the man page (ManPage)
# Idempotent; needs root (or sudo) only when something is missing.
set -euo pipefail

# hyperfine times bench/run.sh; python3-jsonschema checks the result and summary
# schemas; libxxhash hashes inputs for the summaries' provenance; zlib and zstd read compressed inputs (the libraries to build, the
# zstd program to make test inputs); clang and its sanitizer and libFuzzer runtimes
# (libclang-rt-14-dev) build the sanitizer build and the fuzz targets; pybind11-dev and
# python3-dev build the Python module (python/), whose tests and examples use pytest,
# pandas, dask and distributed (all for Debian's /usr/bin/python3); python3-venv makes
# the virtual environments of `pip install .` and scripts/build-wheels.sh, whose build
# tools come from the package index (pyproject.toml, python/build-requirements.txt).
packages=(cmake g++ ninja-build pkg-config libtbb-dev libsimdjson-dev libre2-dev
          libbenchmark-dev libgtest-dev libxxhash-dev hyperfine python3-jsonschema libzstd-dev
          zlib1g-dev zstd clang libclang-rt-14-dev pybind11-dev python3-dev python3-pytest
          python3-pandas python3-dask python3-distributed python3-venv)
# Node.js is optional (the npm package in js/ is built where it is installed);
# its addon needs node_api.h, which Node.js's own builds ship in
# PREFIX/include/node and Debian's nodejs leaves to libnode-dev.
if command -v node >/dev/null 2>&1; then
  node_prefix=$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")
  if [ ! -f "$node_prefix/include/node/node_api.h" ] && [ ! -f /usr/include/node/node_api.h ]; then
    packages+=(libnode-dev)
  fi
fi
if [ "${1:-}" = "--test" ]; then
  packages+=(chromium man-db groff-base)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
