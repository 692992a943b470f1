#!/usr/bin/env bash
# Installs the Debian 12 packages gqleval builds with, only those missing.
# Idempotent; needs root (or sudo) only when something is missing.
set -euo pipefail

# hyperfine times bench/run.sh; python3-jsonschema checks the result and summary
# schemas; libxxhash hashes inputs for the summaries' provenance; zlib and zstd read compressed inputs (the libraries to build, the
# zstd program to make test inputs); clang and its sanitizer and libFuzzer runtimes
# (libclang-rt-14-dev) build the sanitizer build and the fuzz targets.
packages=(cmake g++ ninja-build pkg-config libtbb-dev libsimdjson-dev libre2-dev
          libbenchmark-dev libgtest-dev libxxhash-dev hyperfine python3-jsonschema libzstd-dev
          zlib1g-dev zstd clang libclang-rt-14-dev)
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
