// What graphql-js says about an SDL text: does buildSchema accept it, what does
// validateSchema report, and (with --print) how printSchema prints the result.
// A reference for gqleval's schema builder, its dialect fixes and its printer.
//
// buildSchema's errors come one by one with their locations (see graphql_schema.mjs).
//
// Usage:
//   node schema_check.mjs [--print] FILE...        one output line per file (id = the path)
//   node schema_check.mjs [--print] < input.jsonl  input lines {"id": any, "schema": "<SDL>"}
// Output: JSON Lines, one per schema:
//   {"id": ..., "built": bool, "valid": bool,
//    "build_errors": [{"message", "locations"}],   // buildSchema threw (parse or build error)
//    "schema_errors": [{"message", "locations"}],  // validateSchema's findings
//    "printed": "<printSchema output>"}            // with --print, when built
// `valid` is built && schema_errors is empty: what validate() needs before it runs.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

import { printSchema } from 'graphql';

import { buildSchemaChecked } from './graphql_schema.mjs';

function check(id, sdl, print) {
  const out = { id, built: false, valid: false, build_errors: [], schema_errors: [] };
  const built = buildSchemaChecked(sdl);
  if (built.buildErrors) {
    out.build_errors = built.buildErrors;
    return out;
  }
  out.built = true;
  out.schema_errors = built.schemaErrors;
  out.valid = out.schema_errors.length === 0;
  if (print) out.printed = printSchema(built.schema);
  return out;
}

const args = process.argv.slice(2);
const print = args.includes('--print');
const files = args.filter((a) => a !== '--print');
const emit = (record) => process.stdout.write(JSON.stringify(record) + '\n');

if (files.length > 0) {
  for (const file of files) emit(check(file, readFileSync(file, 'utf8'), print));
} else {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const input = JSON.parse(line);
    emit(check(input.id, input.schema, print));
  }
}
