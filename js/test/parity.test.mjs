// The package against the gqleval program: the same rows give the same result
// members, value for value and byte for byte once serialized (JSON.stringify
// writes what the CLI's serializers write).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import {
  RESULT_FIELDS, cliScoreLines, gqleval, graniteRows, graphqlJs, nl2gqlRows, resultMembers,
  runCli, sampleRows, scratch, writeJsonl,
} from './support.mjs';

function assertSame(results, lines, rows) {
  assert.equal(results.length, rows.length);
  assert.equal(lines.length, rows.length);
  for (let i = 0; i < results.length; i++) {
    const expected = resultMembers(lines[i]);
    // Member by member first (a readable failure), then the bytes.
    assert.deepEqual(results[i], JSON.parse(expected), `row ${i}`);
    assert.equal(JSON.stringify(results[i]), expected, `row ${i}`);
  }
}

function verdictsOf(results) {
  return new Set(results.map((r) => r.verdict));
}

test('compare equals gqleval score on the 1,164 NL2GQL rows', (t) => {
  const set = nl2gqlRows(t);
  if (set === null) return;
  assert.equal(set.rows.length, 1164);
  const lines = cliScoreLines(t, set.file, '--candidate-col', 'gt_query_2');
  if (lines === null) return;
  const results = set.rows.map((r) => gqleval.compare(r.schema, r.gt_query, r.gt_query_2));
  assertSame(results, lines, set.rows);
  assert.deepEqual(Object.keys(results[0]), RESULT_FIELDS);
  // Rows of several verdicts, so that the comparison covers them.
  for (const v of ['equivalent', 'no_query', 'invalid_reference']) {
    assert.ok(verdictsOf(results).has(v), v);
  }
});

test('compare equals gqleval score on the 376 granite-20b rows', (t) => {
  const set = graniteRows(t);
  if (set === null) return;
  assert.equal(set.rows.length, 376);
  const lines = cliScoreLines(t, set.file);
  if (lines === null) return;
  const results = set.rows.map((r) =>
    gqleval.compare(r['Schema Content'], r['Query1 Content'], r['Query2 Content']));
  assertSame(results, lines, set.rows);
  assert.ok(verdictsOf(results).size >= 4, [...verdictsOf(results)].join(','));
});

test('compare in subset mode equals gqleval score --mode subset on NL2GQL', (t) => {
  const set = nl2gqlRows(t);
  if (set === null) return;
  const lines = cliScoreLines(t, set.file, '--candidate-col', 'gt_query_2', '--mode', 'subset');
  if (lines === null) return;
  const results = set.rows.map((r) =>
    gqleval.compare(r.schema, r.gt_query, r.gt_query_2, { mode: 'subset' }));
  assertSame(results, lines, set.rows);
  assert.ok(verdictsOf(results).has('subset') && verdictsOf(results).has('missing'));
});

test('compare with variables as objects equals gqleval score on the generated sample', (t) => {
  const { file, rows } = sampleRows();
  const lines = cliScoreLines(t, file);
  if (lines === null) return;
  const results = rows.map((r) =>
    gqleval.compare(r.schema, r.reference, r.candidate, {
      variables: r.variables === '' ? undefined : JSON.parse(r.variables),
    }));
  assertSame(results, lines, rows);
  // The sample's labels, as the engine must give them.
  assert.deepEqual(results.map((r) => r.verdict), rows.map((r) => r.expected_verdict));
});

test('compare with options equals gqleval score with the same flags', (t) => {
  const { file, rows } = sampleRows();
  const lines = cliScoreLines(t, file, '--delta', '2', '--rule-set', 'cycles', '--no-extract',
    '--ignore-typename');
  if (lines === null) return;
  const options = { delta: 2, ruleSet: 'cycles', extract: false, ignoreTypename: true };
  const results = rows.map((r) =>
    gqleval.compare(r.schema, r.reference, r.candidate, { ...options, variables: r.variables }));
  assertSame(results, lines, rows);
  assert.ok(results.some((r) => r.verdict === 'overfetch_ok'));
});

test('compare by name equals gqleval score --variables-by-name', (t) => {
  const { file, rows } = sampleRows();
  const lines = cliScoreLines(t, file, '--variables-by-name');
  if (lines === null) return;
  const results = rows.map((r) => gqleval.compare(r.schema, r.reference, r.candidate,
    { variablesByName: true, variables: r.variables }));
  assertSame(results, lines, rows);
});

test('scoreBatch equals gqleval score on NL2GQL with two references, on two threads', async (t) => {
  const set = nl2gqlRows(t);
  if (set === null) return;
  // gt_query and gt_query_2 are both references (the CLI's default for the
  // set; a blank gt_query_2 is no reference); the candidate is the second
  // reference where there is one.
  const candidates = set.rows.map((r) => r.gt_query_2 || r.gt_query);
  const dir = scratch(t);
  const file = writeJsonl(dir, 'rows.jsonl', set.rows.map((r, i) => ({
    id: r.id, schema: r.schema, gt_query: r.gt_query, gt_query_2: r.gt_query_2,
    candidate: candidates[i],
  })));
  const lines = cliScoreLines(t, file);
  if (lines === null) return;
  const rows = set.rows.map((r, i) => ({
    schema: r.schema, reference: [r.gt_query, r.gt_query_2], candidate: candidates[i],
  }));
  const results = await gqleval.scoreBatch(rows, { threads: 2 });
  assertSame(results, lines, rows);
  const matched = new Set(results.map((r) => r.matched_reference));
  assert.ok(matched.has(0) && matched.has(1), [...matched].join(','));
});

test('scoreBatch equals gqleval score on granite-20b, ids first as the CLI writes them', async (t) => {
  const set = graniteRows(t);
  if (set === null) return;
  const lines = cliScoreLines(t, set.file);
  if (lines === null) return;
  const rows = set.rows.map((r, i) => ({
    schema: r['Schema Content'], reference: r['Query1 Content'], candidate: r['Query2 Content'],
    id: `g${i}`,
  }));
  const results = await gqleval.scoreBatch(rows, { threads: 2 });
  assert.equal(results.length, rows.length);
  for (let i = 0; i < results.length; i++) {
    assert.equal(JSON.stringify(results[i]), `{"id":"g${i}",` + resultMembers(lines[i]).slice(1));
  }
});

test('scoreBatch in subset mode and with options equals the CLI', async (t) => {
  const { file, rows } = sampleRows();
  const flags = ['--delta', '1', '--rule-set', 'none', '--ignore-typename'];
  const lines = cliScoreLines(t, file, ...flags);
  if (lines === null) return;
  const batch = rows.map((r) => ({
    schema: r.schema, reference: r.reference, candidate: r.candidate, variables: r.variables,
  }));
  const results = await gqleval.scoreBatch(batch, {
    delta: 1, ruleSet: 'none', ignoreTypename: true, threads: 2,
  });
  assertSame(results, lines, rows);
  const subsetLines = cliScoreLines(t, file, '--mode', 'subset');
  const subset = await gqleval.scoreBatch(batch, { mode: 'subset' });
  assertSame(subset, subsetLines, rows);
});

// The distinct schemas of NL2GQL, each with a row of its own, and the
// schema as the CLI builds it: printed as SDL and as introspection JSON.
function schemaForms(t) {
  const set = nl2gqlRows(t);
  if (set === null) return null;
  const dir = scratch(t);
  const forms = [];
  const seen = new Set();
  for (const row of set.rows) {
    if (seen.has(row.schema)) continue;
    seen.add(row.schema);
    const file = path.join(dir, `schema${forms.length}.graphql`);
    fs.writeFileSync(file, row.schema);
    const printed = runCli(t, 'schema', '--print', '-q', file);
    const introspection = runCli(t, 'schema', '--introspection', '-q', file);
    if (printed === null || introspection === null) return null;
    forms.push({ row, printed, introspection });
  }
  assert.ok(forms.length >= 10, `${forms.length} schemas`);
  return forms;
}

test('a schema as SDL, introspection text or object, wrapped in data or not, gives one result', (t) => {
  const forms = schemaForms(t);
  if (forms === null) return;
  for (const { row, introspection } of forms) {
    const wrapped = JSON.parse(introspection);
    assert.ok(wrapped.data && wrapped.data.__schema, 'the CLI wraps introspection in data');
    const expected = gqleval.compare(row.schema, row.gt_query, row.gt_query_2);
    for (const form of [introspection, wrapped, wrapped.data, JSON.stringify(wrapped.data)]) {
      assert.deepEqual(gqleval.compare(form, row.gt_query, row.gt_query_2), expected);
    }
  }
});

test('a graphql-js GraphQLSchema gives the result of its SDL', async (t) => {
  const graphql = graphqlJs(t);
  if (graphql === null) return;
  const forms = schemaForms(t);
  if (forms === null) return;
  const rows = [];
  for (const { row, printed } of forms) {
    // graphql-js builds the schema as gqleval printed it (the StepZen
    // dialect's fixes made), as a server's code would hold it.
    const schema = graphql.buildSchema(printed);
    const expected = gqleval.compare(row.schema, row.gt_query, row.gt_query_2);
    assert.deepEqual(gqleval.compare(schema, row.gt_query, row.gt_query_2), expected);
    rows.push({ schema, reference: row.gt_query, candidate: row.gt_query_2, expected });
  }
  const batch = await gqleval.scoreBatch(rows);
  assert.deepEqual(batch, rows.map((r) => r.expected));
});
