// The golden values of tests/dataset_parse_test.cc, recomputed with the pinned
// graphql-js: for each dataset column, an FNV-1a 64-bit hash over the UTF-8
// bytes of print(parse(doc)) for every document that parses, in file order,
// each followed by one NUL byte; and the documents that fail, with graphql-js's
// message and first location. CSVs are read as RFC 4180, JSONL with JSON.parse,
// as the C++ test does.
//
// Usage: node dataset_print_hashes.mjs [DATASETS_DIR]   (default: /work/shared/datasets)
import { readFileSync } from 'node:fs';

import { parse, print } from 'graphql';

const dir = (process.argv[2] ?? '/work/shared/datasets').replace(/\/?$/, '/');

function readCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i += 1;
      } else {
        field += c;
        i += 1;
      }
    } else if (c === '"') {
      quoted = true;
      i += 1;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i += 1;
    } else if (c === '\r' || c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i += 1;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

class PrintHash {
  value = 0xcbf29ce484222325n;
  add(printed) {
    for (const byte of Buffer.from(printed, 'utf8')) this.mix(byte);
    this.mix(0);
  }
  mix(byte) {
    this.value ^= BigInt(byte);
    this.value = (this.value * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  toString() {
    return '0x' + this.value.toString(16).padStart(16, '0');
  }
}

const hasContent = (text) => /[^ \t\r\n]/.test(text);

function check(label, source, hash, failures) {
  try {
    hash.add(print(parse(source)));
  } catch (e) {
    const at = e.locations?.[0];
    failures.push(`${label}: ${e.message} @${at?.line}:${at?.column}`);
  }
}

function table(path) {
  const rows = readCsv(readFileSync(path, 'utf8'));
  const header = rows[0];
  return { rows: rows.slice(1), col: (name) => header.indexOf(name) };
}

function report(name, hash, failures, count) {
  console.log(`${name}: ${count} documents, hash ${hash}, ${failures.length} failures`);
  for (const f of failures) console.log(`  ${f}`);
}

{
  const { rows, col } = table(dir + 'nl2gql/nl2gql_test.csv');
  const seen = new Set();
  const schemas = new PrintHash();
  const schemaFailures = [];
  for (const r of rows) {
    const sdl = r[col('schema')];
    if (seen.has(sdl)) continue;
    seen.add(sdl);
    check(`schema of ${r[col('database')]}`, sdl, schemas, schemaFailures);
  }
  report('nl2gql schema', schemas, schemaFailures, seen.size);
  const gt = new PrintHash();
  const gt2 = new PrintHash();
  const gtFailures = [];
  const gt2Failures = [];
  let gt2Count = 0;
  for (const r of rows) {
    const id = r[col('id')];
    check(`id ${id}`, r[col('gt_query')], gt, gtFailures);
    if (!hasContent(r[col('gt_query_2')])) continue;
    gt2Count += 1;
    check(`id ${id}`, r[col('gt_query_2')], gt2, gt2Failures);
  }
  report('nl2gql gt_query', gt, gtFailures, rows.length);
  report('nl2gql gt_query_2', gt2, gt2Failures, gt2Count);
}

{
  const { rows, col } = table(dir + 'rgeval-granite/granite20b_zeroshot_rgeval.csv');
  for (const column of ['Schema Content', 'Query1 Content', 'Query2 Content']) {
    const hash = new PrintHash();
    const failures = [];
    rows.forEach((r, i) => check(`row ${i + 1}`, r[col(column)], hash, failures));
    report(`rgeval ${column}`, hash, failures, rows.length);
  }
}

{
  const hash = new PrintHash();
  const failures = [];
  let records = 0;
  for (const split of ['train', 'valid', 'test']) {
    const lines = readFileSync(`${dir}graphqlrestbench/${split}.jsonl`, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!hasContent(line)) return;
      records += 1;
      check(`${split}:${i + 1}`, JSON.parse(line).GraphQL_schema, hash, failures);
    });
  }
  report('graphqlrestbench GraphQL_schema', hash, failures, records);
}
