#!/bin/sh
# End-to-end throughput of `gqleval score`, file to results file, on rows made
# from NL2GQL (bench/make_rows.py): wall time, CPU time and peak RSS from
# /usr/bin/time -v, with the load average before and after (the figures mean
# little on a busy machine without it).
#
#   bench/batch_throughput.sh BUILD_DIR ROWS [THREADS...]
#
# e.g. bench/batch_throughput.sh build 1000000 1 2
# The input is made once per row count in ${TMPDIR:-/tmp} and kept.
# SCORE_FLAGS adds options to each run, e.g. SCORE_FLAGS='--mode subset'.
set -eu
build=${1:?usage: batch_throughput.sh BUILD_DIR ROWS [THREADS...]}
rows=${2:?usage: batch_throughput.sh BUILD_DIR ROWS [THREADS...]}
shift 2
[ $# -gt 0 ] || set -- 1 2
here=$(cd "$(dirname "$0")" && pwd)
tmp=${TMPDIR:-/tmp}
input="$tmp/gqleval_rows_$rows.csv"
[ -f "$input" ] || python3 "$here/make_rows.py" "$rows" "$input"
cat "$input" >/dev/null  # page cache: time the engine, not the disk
for threads in "$@"; do
  out="$tmp/gqleval_rows_${rows}_t$threads.jsonl"
  echo "== $rows rows, $threads thread(s)${SCORE_FLAGS:+, $SCORE_FLAGS}; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  # shellcheck disable=SC2086 # SCORE_FLAGS is words
  /usr/bin/time -v "$build/gqleval" score "$input" --out "$out" --threads "$threads" \
    --summary "$out.summary.json" ${SCORE_FLAGS:-} 2>"$out.stderr" || { cat "$out.stderr"; exit 1; }
  grep -E "rows in|Elapsed|User time|System time|Percent of CPU|Maximum resident" "$out.stderr"
  echo "   load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
done
