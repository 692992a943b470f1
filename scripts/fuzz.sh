#!/usr/bin/env bash
# Runs the libFuzzer targets of fuzz/ (fuzz/README.md).
#   scripts/fuzz.sh [TARGET[,TARGET...]|all] [SECONDS]
# TARGET is one of the names below, or several separated by commas (default:
# all, one after another); SECONDS
# is the time each target runs (default 60). Builds what is needed in
# build-asan/ (clang, ASan + UBSan, the same build as scripts/test.sh
# --sanitize), writes the seed corpora (fuzz/make_seeds.py) into
# build-asan/fuzz-seeds/, and keeps what the fuzzer learns in fuzz/corpus/TARGET/
# (not committed), so later runs start from it.
#
# A finding (crash, sanitizer report, failed check, timeout, leak, out of
# memory) is written to fuzz/findings/TARGET/; the script prints the command
# that reproduces it and exits 1 after the other targets ran. Per target it
# prints the seconds run, executions and coverage (libFuzzer's cov: edges and
# ft: features) from libFuzzer's final stats; logs are in build-asan/fuzz-logs/.
# Environment: FUZZ_JOBS=N runs N targets at a time (default 1); FUZZ_ARGS adds
# libFuzzer flags.
set -euo pipefail
cd "$(dirname "$0")/.."

all_targets=(csv jsonl extract lexer parse_executable parse_sdl schema validate normalize
             score_pair rules_file introspection subset coverage calls)
target=${1:-all}
seconds=${2:-60}
jobs=${FUZZ_JOBS:-1}
if [ "$target" = all ]; then
  targets=("${all_targets[@]}")
else
  IFS=, read -r -a targets <<<"$target"
  for t in "${targets[@]}"; do
    if [[ " ${all_targets[*]} " != *" $t "* ]]; then
      echo "fuzz: unknown target '$t'; one of: all ${all_targets[*]}" >&2
      exit 2
    fi
  done
fi

max_len_of() {
  case $1 in
    parse_sdl|schema|score_pair|subset|coverage) echo 16384 ;;
    introspection) echo 65536 ;;
    csv|jsonl|calls) echo 8192 ;;
    *) echo 4096 ;;
  esac
}
dict_of() {
  case $1 in
    csv) echo fuzz/dict/csv.dict ;;
    jsonl|rules_file|introspection) echo fuzz/dict/json.dict ;;
    calls) echo fuzz/dict/python.dict ;;
    *) echo fuzz/dict/graphql.dict ;;
  esac
}

if ! command -v clang++ >/dev/null 2>&1; then
  echo "fuzz: clang++ is needed (libFuzzer); run scripts/install-deps.sh" >&2
  exit 2
fi
build_dir=$(scripts/configure.sh --sanitize)
nice -n 10 cmake --build "$build_dir" --target "${targets[@]/%/_fuzzer}" -j"$(nproc)" >/dev/null
seeds="$build_dir/fuzz-seeds"
nice -n 10 python3 fuzz/make_seeds.py "$seeds"

logs="$build_dir/fuzz-logs"
mkdir -p "$logs"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:symbolize=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

run_one() {
  local t=$1
  local corpus="fuzz/corpus/$t" findings="fuzz/findings/$t"
  mkdir -p "$corpus" "$findings" "$seeds/$t"
  local dirs=("$corpus" "$seeds/$t")
  [ -d "fuzz/seeds/$t" ] && dirs+=("fuzz/seeds/$t")
  [ -d "fuzz/regressions/$t" ] && dirs+=("fuzz/regressions/$t")
  local start=$SECONDS rc=0
  nice -n 10 "$build_dir/fuzz/${t}_fuzzer" -max_total_time="$seconds" -max_len="$(max_len_of "$t")" \
    -timeout=10 -rss_limit_mb=2048 -dict="$(dict_of "$t")" -artifact_prefix="$findings/" \
    -print_final_stats=1 ${FUZZ_ARGS:-} "${dirs[@]}" >"$logs/$t.log" 2>&1 || rc=$?
  echo "$rc $((SECONDS - start))" >"$logs/$t.status"
}

# Runs the targets, $jobs at a time.
running=0
for t in "${targets[@]}"; do
  echo "fuzz: $t for ${seconds}s"
  run_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait || true

failed=0
printf '\n%-18s %8s %12s %8s %8s %8s  %s\n' target seconds execs exec/s cov ft result
for t in "${targets[@]}"; do
  read -r rc secs <"$logs/$t.status"
  log="$logs/$t.log"
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  result=ok
  if [ "$rc" != 0 ]; then
    result="FINDING (exit $rc)"
    failed=1
  fi
  printf '%-18s %8s %12s %8s %8s %8s  %s\n' "$t" "$secs" "${execs:-?}" "${rate:-?}" "${cov:-?}" \
    "${ft:-?}" "$result"
done
if [ "$failed" != 0 ]; then
  echo
  for t in "${targets[@]}"; do
    read -r rc secs <"$logs/$t.status"
    [ "$rc" = 0 ] && continue
    echo "== $t: exit $rc; log $logs/$t.log"
    grep -E 'ERROR: |runtime error|fuzz check failed|SUMMARY' "$logs/$t.log" | head -5 || true
    artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$logs/$t.log" | tail -1)
    if [ -n "$artifact" ]; then
      echo "   reproduce: $build_dir/fuzz/${t}_fuzzer $artifact"
      echo "   then keep it as a regression test: cp $artifact fuzz/regressions/$t/"
    fi
  done
  exit 1
fi
