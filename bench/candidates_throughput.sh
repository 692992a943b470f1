#!/bin/sh
# Several candidate columns in one pass against one column (issue #13): on a
# wide file made from NL2GQL by bench/make_rows.py --candidates N (every column
# holds real answers: the reference, a fenced answer in prose, the alternative
# answer or a line of prose before the query, the query on one line), times
#   one    the first candidate column alone,
#   all    the N columns in one pass (--candidate-cols 'candidate_*'),
#   each   each column in a run of its own (with EACH=1; N more runs),
# with hyperfine -N (medians of RUNS runs, default 3), each writing --out-dir
# files, and prints the ratio all/one. The load average is printed before
# and after: the ratio means little on a busy machine without it.
#
#   bench/candidates_throughput.sh BUILD_DIR ROWS [THREADS] [N]
#
# e.g. bench/candidates_throughput.sh build 1000000 2 4
# The input is made once per ROWS and N in ${TMPDIR:-/tmp} and kept.
set -eu
build=${1:?usage: candidates_throughput.sh BUILD_DIR ROWS [THREADS] [N]}
rows=${2:?usage: candidates_throughput.sh BUILD_DIR ROWS [THREADS] [N]}
threads=${3:-2}
n=${4:-4}
runs=${RUNS:-3}
here=$(cd "$(dirname "$0")" && pwd)
tmp=${TMPDIR:-/tmp}
gqleval=$(cd "$build" && pwd)/gqleval
[ -x "$gqleval" ] || { echo "candidates_throughput.sh: $gqleval not found; build first" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "candidates_throughput.sh: needs hyperfine" >&2; exit 2; }
input="$tmp/gqleval_wide_${rows}_$n.csv"
[ -f "$input" ] || python3 "$here/make_rows.py" "$rows" "$input" --candidates "$n"
cat "$input" >/dev/null  # page cache: time the engine, not the disk
out="$tmp/gqleval_wide_${rows}_$n.out"
json="$tmp/gqleval_wide_${rows}_$n.hyperfine.json"
rm -rf "$out"
score="$gqleval score $input --threads $threads"
set -- -n one "$score --candidate-cols candidate_1 --out-dir $out/one" \
  -n all "$score --candidate-cols candidate_* --out-dir $out/all"
if [ "${EACH:-0}" = 1 ]; then
  j=1
  while [ "$j" -le "$n" ]; do
    set -- "$@" -n "candidate_$j" "$score --candidate-cols candidate_$j --out-dir $out/each"
    j=$((j + 1))
  done
fi
echo "== $rows rows, $n candidate columns, $threads thread(s); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
hyperfine -N --runs "$runs" --export-json "$json" "$@"
echo "   load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$json" <<'EOF'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
one, all_ = results["one"]["median"], results["all"]["median"]
print("one column %.3f s, all in one pass %.3f s (medians): %.2f times one column" % (one, all_, all_ / one))
each = [r["median"] for name, r in results.items() if name.startswith("candidate_")]
if each:
    print("each column alone: %s s, %.3f s together; the pass takes %.0f%% of that"
          % (", ".join("%.3f" % t for t in each), sum(each), 100 * all_ / sum(each)))
EOF
