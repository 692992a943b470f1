// Introspection JSON as graphql-js writes and reads it: the reference for
// engine/introspection (schema_to_introspection_json, introspection_to_sdl).
//
// Usage:
//   node introspection.mjs FILE.graphql...          one output line per file (id = the path)
//   node introspection.mjs < input.jsonl            input lines {"id": any, "schema": "<SDL>"}
//                                                    or {"id": any, "introspection": "<JSON>"}
// Output: JSON Lines, one per input:
//   {"id": ...,
//    "introspection": "<JSON.stringify({data: introspectionFromSchema(buildSchema(sdl))})>",
//    "printed": "<printSchema(buildClientSchema(introspection))>"}
// For an "introspection" input, the JSON text is read as is (either
// {"data": {"__schema"}} or {"__schema"}) and only "printed" is written. When
// graphql-js throws, "error" holds its message instead of what could not be made
// (an SDL whose introspection buildClientSchema rejects still has "introspection").
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

import { buildClientSchema, buildSchema, introspectionFromSchema, printSchema } from 'graphql';

function run(id, record) {
  const out = { id };
  try {
    let data;
    if (record.introspection !== undefined) {
      const parsed = JSON.parse(record.introspection);
      data = parsed.data ?? parsed;
    } else {
      data = introspectionFromSchema(buildSchema(record.schema));
      out.introspection = JSON.stringify({ data });
    }
    out.printed = printSchema(buildClientSchema(data));
  } catch (error) {
    out.error = error.message;
  }
  return out;
}

const emit = (record) => process.stdout.write(JSON.stringify(record) + '\n');
const files = process.argv.slice(2);
if (files.length > 0) {
  for (const file of files) emit(run(file, { schema: readFileSync(file, 'utf8') }));
} else {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const record = JSON.parse(line);
    emit(run(record.id, record));
  }
}
