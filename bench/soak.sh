#!/bin/sh
# Soak test of issue #12 (not run by CI): scores ROWS generated rows whose
# schemas are SCHEMAS distinct schemas (distinct in content, not only in
# comments: each adds its own type, so each is its own build), with the
# default schema cache bound, sampling the process's resident size every
# second; then scores the same rows as PARTS smaller files and checks that
# the per-row results and the verdict counts add up to the big run's.
#
#   bench/soak.sh [BUILD_DIR] [ROWS] [SCHEMAS] [PARTS] [THREADS]
#
# Defaults: build 10000000 100000 10 2. Prints the RSS curve's figures (peak,
# median and spread after the first tenth of the run, the RSS when each tenth
# of the rows was done) and writes the samples to $WORK/rss.csv. Work files go
# to ${TMPDIR:-/tmp}/gqleval_soak (about 450 bytes a row) and are kept.
set -eu
build=${1:-build}
rows=${2:-10000000}
schemas=${3:-100000}
parts=${4:-10}
threads=${5:-2}
work=${TMPDIR:-/tmp}/gqleval_soak
mkdir -p "$work"
gqleval=$(cd "$build" && pwd)/gqleval
[ -x "$gqleval" ] || { echo "soak.sh: $gqleval not found; build first" >&2; exit 2; }

input="$work/rows_${rows}_${schemas}.jsonl"
if [ ! -s "$input" ]; then
  python3 - "$input" "$rows" "$schemas" <<'PY'
import json, sys
path, rows, schemas = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
base = ("type Query {\n  user(id: Int!): User\n  users(first: Int = 10): [User]\n  post(id: Int!): Post\n}\n"
        "type User {\n  id: Int!\n  name: String\n  email: String\n  posts: [Post]\n}\n"
        "type Post {\n  id: Int!\n  title: String\n  author: User\n}\n")
pairs = [
    ("{ user(id: 1) { name email } }", "{ user(id: 1) { email name } }"),               # equivalent
    ("{ users { name } }", "{ users(first: 10) { name posts { title } } }"),            # overfetch
    ("{ post(id: 2) { title author { name } } }", "{ post(id: 2) { title } }"),         # underfetch
    ("{ user(id: 3) { name } }", "Here it is:\n```graphql\n{ u: user(id: 3) { name } }\n```"),
    ("{ user(id: 4) { name } }", "{ user(id: 5) { name } }"),                           # mismatch
    ("{ users { id } }", "{ users { nope } }"),                                         # invalid
]
with open(path, "w") as f:
    for i in range(rows):
        k = i % schemas
        schema = base + "type Tenant%d {\n  id: Int!\n  label: String\n}\n" % k
        ref, cand = pairs[i % len(pairs)]
        f.write(json.dumps({"id": str(i), "schema": schema, "reference": ref, "candidate": cand}) + "\n")
PY
fi
echo "gqleval soak, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $rows rows, $schemas distinct schemas, $(du -h "$input" | cut -f1) input"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

# The big run, its RSS sampled every second (with the rows done, from the
# progress lines' byte share is not exact: rows are taken from the results).
out="$work/big.jsonl"
rm -f "$out" "$out.partial" "$out.resume.json"
start=$(date +%s)
"$gqleval" score "$input" -o "$out" -j "$threads" --summary "$work/big.summary.json" -q &
pid=$!
echo "seconds,rss_kb,result_bytes" >"$work/rss.csv"
while kill -0 "$pid" 2>/dev/null; do
  rss=$(sed -n 's/^VmRSS:\s*\([0-9]*\) kB/\1/p' "/proc/$pid/status" 2>/dev/null || true)
  bytes=$(stat -c %s "$out.partial" 2>/dev/null || echo 0)
  [ -n "$rss" ] && echo "$(( $(date +%s) - start )),$rss,$bytes" >>"$work/rss.csv"
  sleep 1
done
wait "$pid"
wall=$(( $(date +%s) - start ))
echo "big run: $wall s"

python3 - "$work/rss.csv" "$(stat -c %s "$out")" <<'PY'
import csv, statistics, sys
samples = [(int(r["seconds"]), int(r["rss_kb"]), int(r["result_bytes"])) for r in csv.DictReader(open(sys.argv[1]))]
total = int(sys.argv[2])
if not samples:
    sys.exit("no RSS samples (the run took under a second)")
peak = max(s[1] for s in samples)
steady = [s[1] for s in samples if s[2] >= total / 10] or [s[1] for s in samples]
print(f"RSS samples: {len(samples)}; peak {peak/1024:.0f} MiB")
print(f"after the first tenth of the rows: median {statistics.median(steady)/1024:.0f} MiB, "
      f"min {min(steady)/1024:.0f} MiB, max {max(steady)/1024:.0f} MiB")
line = []
for tenth in range(1, 11):
    at = [s for s in samples if s[2] >= total * tenth / 10]
    line.append(f"{tenth*10}%: {at[0][1]/1024:.0f}" if at else f"{tenth*10}%: -")
print("RSS (MiB) when the results reached: " + ", ".join(line))
PY

# The same rows as PARTS files, scored one by one.
python3 - "$input" "$parts" "$work" <<'PY'
import sys
path, parts, work = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = sum(1 for _ in open(path, "rb"))
per = -(-lines // parts)
src = open(path, "rb")
for p in range(parts):
    with open(f"{work}/part{p}.jsonl", "wb") as out:
        for _ in range(per):
            line = src.readline()
            if not line:
                break
            out.write(line)
PY
for p in $(seq 0 $((parts - 1))); do
  "$gqleval" score "$work/part$p.jsonl" -o "$work/part$p.out.jsonl" -j "$threads" \
    --summary "$work/part$p.summary.json" -q
done
python3 - "$work" "$parts" <<'PY'
import json, sys
work, parts = sys.argv[1], int(sys.argv[2])
def strip(line):
    r = json.loads(line)
    del r["row"]  # numbered within each file
    return r
big = open(f"{work}/big.jsonl")
n = 0
for p in range(parts):
    for line in open(f"{work}/part{p}.out.jsonl"):
        if strip(line) != strip(big.readline()):
            sys.exit(f"row {n}: the parts' result differs from the big run's")
        n += 1
if big.readline():
    sys.exit("the big run has more rows than the parts")
total = json.load(open(f"{work}/big.summary.json"))
sums = {}
for p in range(parts):
    s = json.load(open(f"{work}/part{p}.summary.json"))
    for v, c in s["verdicts"].items():
        sums[v] = sums.get(v, 0) + c["count"]
big_counts = {v: c["count"] for v, c in total["verdicts"].items()}
if sums != big_counts:
    sys.exit(f"verdict counts differ: parts {sums}, big {big_counts}")
print(f"{n} rows: every result and the verdict counts equal the sum of the {parts} smaller runs")
print("verdicts: " + ", ".join(f"{v} {c}" for v, c in big_counts.items() if c))
print(f"schemas {total['schemas']}, pairs/s {total['pairs_per_second']:.0f}")
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
