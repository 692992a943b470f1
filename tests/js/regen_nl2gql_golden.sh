#!/bin/sh
# Regenerates expected/nl2gql_graphqljs.jsonl: graphql-js's verdict on every
# NL2GQL and RGEval query of the shared datasets, each against its schema as
# gqleval's default dialect builds and prints it (Schema::print_sdl).
#
#   tests/js/regen_nl2gql_golden.sh [BUILD_DIR]     (default: build)
#
# Needs a build of gqleval_suite_tests in BUILD_DIR, node and npm; installs the
# pinned graphql-js (package-lock.json) with `npm ci` when node_modules is absent.
# Review the diff of the golden file before committing it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
case $build in /*) ;; *) build=$root/$build ;; esac

if [ ! -d "$here/node_modules/graphql" ]; then
  (cd "$here" && npm ci --no-audit --no-fund)
fi
input=$(mktemp)
trap 'rm -f "$input"' EXIT
GQLEVAL_WRITE_GRAPHQLJS_INPUT="$input" "$build/tests/gqleval_suite_tests" \
  --gtest_filter='Nl2gqlValidation.WriteGraphqljsInput'
mkdir -p "$here/expected"
node "$here/validate.mjs" < "$input" > "$here/expected/nl2gql_graphqljs.jsonl"
echo "wrote $here/expected/nl2gql_graphqljs.jsonl ($(wc -l < "$here/expected/nl2gql_graphqljs.jsonl") verdicts)"
