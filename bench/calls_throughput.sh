#!/bin/sh
# End-to-end throughput of `gqleval calls`, file to results file, on
# GraphQLRestBench's test split repeated to ROWS rows with its schemas
# (bench/make_calls_rows.py; about 9.7 KB a row): wall time, CPU time and peak
# RSS from /usr/bin/time -v, with the load average before and after.
#
#   bench/calls_throughput.sh BUILD_DIR ROWS [THREADS...]
#
# e.g. bench/calls_throughput.sh build 1000000 2
# The input is made once per row count in ${TMPDIR:-/tmp} and kept (1,000,000
# rows: 9.7 GB).
set -eu
build=${1:?usage: calls_throughput.sh BUILD_DIR ROWS [THREADS...]}
rows=${2:?usage: calls_throughput.sh BUILD_DIR ROWS [THREADS...]}
shift 2
[ $# -gt 0 ] || set -- 2
here=$(cd "$(dirname "$0")" && pwd)
tmp=${TMPDIR:-/tmp}
input="$tmp/gqleval_calls_rows_$rows.jsonl"
[ -f "$input" ] || python3 "$here/make_calls_rows.py" "$rows" "$input"
for threads in "$@"; do
  out="$tmp/gqleval_calls_rows_${rows}_t$threads.jsonl"
  echo "== $rows rows ($(du -h "$input" | cut -f1)), $threads thread(s); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  /usr/bin/time -v "$build/gqleval" calls "$input" --out "$out" --threads "$threads" \
    --group-by domain --summary "$out.summary.json" 2>"$out.stderr" || { cat "$out.stderr"; exit 1; }
  grep -E "^rows|Arg Match|Seq Match|Elapsed|User time|System time|Percent of CPU|Maximum resident" "$out.stderr"
  echo "   load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
done
