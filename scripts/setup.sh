#!/usr/bin/env bash
# Installs what is missing (Debian 12, as root), builds gqleval in Release, and
# runs the main job on the bundled NL2GQL test set: each row's alternative
# ground truth (gt_query_2) scored against its reference (gt_query).
# Idempotent: re-running reuses the build directory and rewrites the results.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target gqleval_cli
mkdir -p results
./build/gqleval score datasets/nl2gql/nl2gql_test.csv --candidate-col gt_query_2 \
  --group-by hops --out results/nl2gql_gt_query_2.jsonl --summary results/nl2gql_gt_query_2.summary.json
echo "setup: results in results/nl2gql_gt_query_2.jsonl, summary in results/nl2gql_gt_query_2.summary.json"
