#!/bin/sh
# Regenerates expected/introspection_graphqljs.jsonl: graphql-js 16.15.0's
# introspectionFromSchema and printSchema(buildClientSchema(...)) for every
# schema of engine/introspection/introspection_golden_test.cc (the 13 NL2GQL
# schemas and engine/introspection/testdata/rich.graphql, each as gqleval's
# Schema::print_sdl prints it, and the test's hand-written introspection JSON).
#
#   tests/js/regen_introspection_golden.sh [BUILD_DIR]     (default: build)
#
# Needs a build of gqleval_introspection_tests in BUILD_DIR, node and npm;
# installs the pinned graphql-js (package-lock.json) with `npm ci` when
# node_modules is absent. Review the diff of the golden file before committing it.
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
GQLEVAL_WRITE_INTROSPECTION_INPUT="$input" \
  "$build/engine/introspection/gqleval_introspection_tests" \
  --gtest_filter='IntrospectionGolden.WriteGraphqljsInput'
mkdir -p "$here/expected"
node "$here/introspection.mjs" < "$input" > "$here/expected/introspection_graphqljs.jsonl"
echo "wrote $here/expected/introspection_graphqljs.jsonl ($(wc -l < "$here/expected/introspection_graphqljs.jsonl") schemas)"
