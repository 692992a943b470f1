#!/bin/sh
# The end-to-end benchmark of issue #6: generate labelled rows from NL2GQL, score
# them with `gqleval score` and with the execute-and-match baseline
# (bench/baseline), and print rows, pairs per minute, the ratio, peak memory and
# each tool's agreement with the generator's labels.
#
#   bench/run.sh [BUILD_DIR] [SMALL_ROWS] [LARGE_ROWS] [THREADS]
#
# Defaults: build 10000 1000000 2. SMALL_ROWS are scored by both tools (the
# speed ratio); LARGE_ROWS by gqleval alone (throughput at scale; 0 skips it).
# Both tools run with THREADS worker threads. gqleval's small run is repeated
# five times by hyperfine when it is installed (the median is reported), else
# timed once. Inputs and outputs go to ${TMPDIR:-/tmp}/gqleval_bench and are
# kept. GQLEVAL_BENCH_SEED sets the generator's seed (default 1) and
# GQLEVAL_BASELINE_OBJECTS the baseline's objects per type (default 50, its own
# default: Spider-sized tables; its cost grows with it). The load average is printed before and after: figures from a busy
# machine mean little without it.
set -eu
build=${1:-build}
small=${2:-10000}
large=${3:-1000000}
threads=${4:-2}
seed=${GQLEVAL_BENCH_SEED:-1}
objects=${GQLEVAL_BASELINE_OBJECTS:-50}  # the baseline's synthetic objects per type
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
work=${TMPDIR:-/tmp}/gqleval_bench
mkdir -p "$work"

for tool in gqleval gqleval-generate gqleval-baseline; do
  [ -x "$build/$tool" ] || {
    echo "run.sh: $build/$tool not found; build first (cmake --build $build)" >&2
    exit 2
  }
done

# Runs a command under /usr/bin/time -v; prints "WALL_SECONDS PEAK_KB".
timed() {
  log=$1
  shift
  /usr/bin/time -v "$@" 2>"$log" >/dev/null || { cat "$log" >&2; exit 1; }
  python3 - "$log" <<'EOF'
import re, sys
text = open(sys.argv[1]).read()
wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text).group(1)
secs = 0.0
for part in wall.split(":"):
    secs = secs * 60 + float(part)
peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1)
print(f"{secs:.3f} {peak}")
EOF
}

rate() { python3 -c "import sys; print(f'{int(sys.argv[1]) * 60 / float(sys.argv[2]):,.0f}')" "$1" "$2"; }

echo "gqleval end-to-end benchmark, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores," \
  "$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

# --- small run: both tools on the same rows -----------------------------------
rows="$work/rows_$small.csv"
gen=$(timed "$work/gen_$small.time" "$build/gqleval-generate" --rows "$small" --seed "$seed" \
  --source "$root/datasets/nl2gql/nl2gql_test.csv" --out "$rows")
echo "generated $small rows (seed $seed) in $(echo "$gen" | cut -d' ' -f1) s: $rows"
cat "$rows" >/dev/null  # page cache: time the tools, not the disk

ours="$work/gqleval_$small.jsonl"
base="$work/baseline_$small.jsonl"
g=$(timed "$work/gqleval_$small.time" "$build/gqleval" score "$rows" --out "$ours" \
  --threads "$threads" --quiet)
g_wall=$(echo "$g" | cut -d' ' -f1)
if command -v hyperfine >/dev/null; then
  hyperfine --runs 5 --warmup 1 --export-json "$work/gqleval_$small.hyperfine.json" \
    "$build/gqleval score $rows --out $ours --threads $threads --quiet" >/dev/null
  g_wall=$(python3 -c "import json,sys; print(f\"{json.load(open(sys.argv[1]))['results'][0]['median']:.3f}\")" \
    "$work/gqleval_$small.hyperfine.json")
fi
b=$(timed "$work/baseline_$small.time" "$build/gqleval-baseline" score "$rows" --out "$base" \
  --threads "$threads" --objects "$objects" --quiet)
b_wall=$(echo "$b" | cut -d' ' -f1)

echo
printf '%-26s %10s %10s %16s %12s\n' "tool ($threads threads)" rows "wall s" "pairs/min" "peak RSS"
printf '%-26s %10s %10s %16s %9s MB\n' "gqleval score" "$small" "$g_wall" \
  "$(rate "$small" "$g_wall")" "$(($(echo "$g" | cut -d' ' -f2) / 1024))"
printf '%-26s %10s %10s %16s %9s MB\n' "execute-and-match ($objects/type)" "$small" "$b_wall" \
  "$(rate "$small" "$b_wall")" "$(($(echo "$b" | cut -d' ' -f2) / 1024))"
python3 -c "import sys; print(f'speed ratio (baseline wall / gqleval wall): {float(sys.argv[2]) / float(sys.argv[1]):,.0f}x')" \
  "$g_wall" "$b_wall"
echo
python3 "$here/baseline/disagreements.py" "$rows" "$ours" "$base"

# --- large run: gqleval alone -------------------------------------------------
if [ "$large" -gt 0 ]; then
  rows="$work/rows_$large.csv"
  gen=$(timed "$work/gen_$large.time" "$build/gqleval-generate" --rows "$large" --seed "$seed" \
    --source "$root/datasets/nl2gql/nl2gql_test.csv" --out "$rows")
  echo
  echo "generated $large rows (seed $seed) in $(echo "$gen" | cut -d' ' -f1) s," \
    "peak RSS $(($(echo "$gen" | cut -d' ' -f2) / 1024)) MB"
  cat "$rows" >/dev/null
  ours="$work/gqleval_$large.jsonl"
  g=$(timed "$work/gqleval_$large.time" "$build/gqleval" score "$rows" --out "$ours" \
    --threads "$threads" --quiet)
  g_wall=$(echo "$g" | cut -d' ' -f1)
  printf '%-26s %10s %10s %16s %9s MB\n' "gqleval score" "$large" "$g_wall" \
    "$(rate "$large" "$g_wall")" "$(($(echo "$g" | cut -d' ' -f2) / 1024))"
  python3 "$root/datasets/generator/check_labels.py" "$rows" "$ours"
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
