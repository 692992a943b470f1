#!/usr/bin/env bash
# Installs what is missing (Debian 12, as root), builds gqleval in Release,
# installs it on the PATH (/usr/local/bin, as root) with its manual page
# (/usr/local/share/man/man1/gqleval.1), and runs the main job:
#   1. the bundled NL2GQL test set: on the 88 rows that have a second ground
#      truth (gt_query_2), that answer scored against the reference (gt_query);
#   2. three SYNTHETIC "checkpoints" made from the NL2GQL references by the
#      labelled row generator (no model wrote them; seeded, 45/60/75% correct
#      rewrites, the rest labelled mutations), scored in one pass, then compared
#      by gqleval report: the leaderboard on the terminal and an HTML report.
# Idempotent: re-running reuses the build directory and rewrites the results.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target gqleval_cli gqleval_generate
if [ "$(id -u)" -eq 0 ]; then
  cmake --install build --prefix /usr/local --component gqleval >/dev/null
  gqleval=/usr/local/bin/gqleval
  echo "setup: installed $gqleval ($("$gqleval" --version)) and its manual page (man gqleval)"
else
  gqleval=$PWD/build/gqleval
  echo "setup: not root, so gqleval is not installed; it is $gqleval (add $PWD/build to PATH)"
fi
mkdir -p results

echo
echo "setup: 1/2 the bundled NL2GQL set: gt_query_2 scored against gt_query, where a row has one"
python3 scripts/filter_rows.py datasets/nl2gql/nl2gql_test.csv gt_query_2 \
  results/nl2gql_gt_query_2_rows.csv
"$gqleval" score results/nl2gql_gt_query_2_rows.csv --candidate-col gt_query_2 --group-by hops \
  --out results/nl2gql_gt_query_2.jsonl --summary results/nl2gql_gt_query_2.summary.json

echo
echo "setup: 2/2 three SYNTHETIC checkpoints (generated from the NL2GQL references, not model output)"
ckpt=results/checkpoints
python3 scripts/make_checkpoints.py build/gqleval-generate "$ckpt"
# The three columns in one pass (the schema and the row read once), one results
# file and summary per column in runs/; the texts kept for the report.
"$gqleval" score "$ckpt/checkpoints.csv" --candidate-cols 'ckpt_*' --keep-col reference \
  --keep-col hops --keep-col ckpt_1 --keep-col ckpt_2 --keep-col ckpt_3 --quiet --out-dir "$ckpt/runs"
"$gqleval" report "$ckpt/runs" --group-by hops --show 3 \
  --title "SYNTHETIC checkpoints: answers generated from the NL2GQL references, not by a model" \
  --html "$ckpt/report.html" --json "$ckpt/report.json" --markdown "$ckpt/report.md"
echo
echo "setup: results in results/ (nl2gql_gt_query_2.jsonl and its summary); the checkpoints'"
echo "       runs in $ckpt/runs/, their report in $ckpt/report.html (open it in a browser)"
