// The package's API: what each call returns and refuses.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { EXAMPLES, PACKAGE_DIR, RESULT_FIELDS, farm, gqleval, readText, runCli, scratch } from './support.mjs';

const { compare, scoreBatch, validate, derivedRules, Scorer } = gqleval;

test('compare returns the members of a result line', () => {
  const { schema, reference, answer } = farm();
  const r = compare(schema, reference, answer);
  assert.deepEqual(Object.keys(r), RESULT_FIELDS);
  assert.equal(r.verdict, 'overfetch');
  assert.equal(r.pass, false);
  assert.deepEqual([r.missing, r.extra, r.matched_reference], [0, 1, 0]);
  assert.deepEqual(r.extra_paths, [
    { path: 'query -> farm(farm_id: 1) -> working_horses', line: 5, column: 31, nodes: 1 },
  ]);
});

test('options change the verdict', () => {
  const { schema, reference, answer } = farm();
  assert.equal(compare(schema, reference, answer, { delta: 1 }).verdict, 'overfetch_ok');
  // Without extraction the prose is no query.
  assert.equal(compare(schema, reference, answer, { extract: false }).verdict, 'invalid_candidate');
  const subset = compare(schema, reference, answer, { mode: 'subset' });
  assert.deepEqual(Object.keys(subset), [
    'verdict', 'pass', 'compared', 'missing', 'score', 'left_nodes', 'matched_reference',
    'missing_paths', 'operations', 'invalid_operations', 'errors',
  ]);
  assert.equal(subset.verdict, 'subset');
  assert.equal(subset.score, 1);
});

test('the default rules derive from the schema names, and ruleSet none turns them off', () => {
  const schema = 'type Query { users(id: Int!): User  usersById(id: Int!): User }  type User { name: String }';
  const ref = '{ users(id: 1) { name } }';
  const cand = '{ usersById(id: 1) { name } }';
  assert.equal(compare(schema, ref, cand).verdict, 'equivalent');
  assert.equal(compare(schema, ref, cand, { ruleSet: 'none' }).verdict, 'mismatch');
});

test('a rules file is read as gqleval compare --rules reads it', (t) => {
  const schema = readText(EXAMPLES, 'github.graphql');
  const ref = readText(EXAMPLES, 'followers_ref.graphql');
  const answer = readText(EXAMPLES, 'followers_answer.graphql');
  const rules = path.join(EXAMPLES, 'followers.rules.json');
  const cli = (...flags) => {
    const out = runCli(t, 'compare', '--schema', path.join(EXAMPLES, 'github.graphql'),
      path.join(EXAMPLES, 'followers_ref.graphql'), path.join(EXAMPLES, 'followers_answer.graphql'),
      '--json', ...flags);
    if (out === null) return null;
    // compare --json adds the version, the rule set and how variables bind to
    // the result members.
    const { results_version: version, rules: ruleSet, variables_by_name: byName, ...members } =
      JSON.parse(out);
    assert.equal(typeof ruleSet, "string");
    assert.equal(version, 6);
    assert.equal(byName, flags.includes('--variables-by-name'));
    return members;
  };
  const without = compare(schema, ref, answer);
  const withRules = compare(schema, ref, answer, { rules });
  assert.deepEqual([without.f1, withRules.f1], [0.2, 0.8]);
  assert.ok(withRules.rules_fired.some((f) => f.rule === 'ignore_arguments'));
  const expected = cli();
  if (expected === null) return;
  assert.deepEqual(without, expected);
  assert.deepEqual(withRules, cli('--rules', rules));
});

test('derivedRules gives what gqleval schema --rules prints', (t) => {
  const schema = readText(EXAMPLES, 'github.graphql');
  const rules = derivedRules(schema);
  assert.equal(rules.version, 1);
  const file = path.join(scratch(t), 'github.graphql');
  fs.writeFileSync(file, schema);
  const printed = runCli(t, 'schema', '--rules', '-q', file);
  if (printed === null) return;
  assert.deepEqual(rules, JSON.parse(printed));
  assert.throws(() => derivedRules('type Query { a: Nope }'), {
    name: 'Error',
    message: /^the schema does not build: .*Nope/,
  });
});

test('several references name the match', () => {
  const { schema } = farm();
  const other = '{ farm(farm_id: 1) { cows pigs working_horses } }';
  const r = compare(schema, ['{ farm(farm_id: 2) { cows } }', other], other);
  assert.equal(r.verdict, 'equivalent');
  assert.equal(r.matched_reference, 1);
  // A blank further reference is no reference; indices still name positions.
  const r2 = compare(schema, [other, '', other], other);
  assert.equal(r2.matched_reference, 0);
});

test('variables as an object or JSON text', () => {
  const schema = 'type Query { farm(farm_id: Int!): Farm }  type Farm { cows: Float }';
  const ref = '{ farm(farm_id: 3) { cows } }';
  const cand = 'query ($id: Int!) { farm(farm_id: $id) { cows } }';
  assert.equal(compare(schema, ref, cand, { variables: { id: 3 } }).verdict, 'equivalent');
  assert.equal(compare(schema, ref, cand, { variables: '{"id": 4}' }).verdict, 'mismatch');
  const bad = compare(schema, ref, cand, { variables: '[1]' });
  assert.equal(bad.verdict, 'bad_row');
  assert.equal(bad.errors[0].rule, 'invalid_variables');
  const scorer = new Scorer({ variables: { id: 3 } });
  assert.equal(scorer.compare(schema, ref, cand).verdict, 'equivalent');
  assert.equal(scorer.compare(schema, ref, cand, { variables: { id: 5 } }).verdict, 'mismatch');
});

test('variablesByName binds unbound variables by name, as --variables-by-name does', async (t) => {
  const schema = 'type Query { order(id: ID!): Order  user(id: ID!): User }  ' +
    'type Order { id: ID }  type User { name: String }';
  const head = 'query($orderId: ID!, $userId: ID!) ';
  const ref = head + '{ order(id: $orderId) { id } user(id: $userId) { name } }';
  const swapped = head + '{ order(id: $userId) { id } user(id: $orderId) { name } }';
  // By position a swap is a renaming; by name it asks for other records.
  assert.equal(compare(schema, ref, swapped).verdict, 'equivalent');
  const byName = compare(schema, ref, swapped, { variablesByName: true });
  assert.equal(byName.verdict, 'mismatch');
  assert.deepEqual(byName.argument_differences.map((d) => d.field), ['order', 'user']);
  assert.equal(compare(schema, ref, ref, { variablesByName: true }).verdict, 'equivalent');
  const scorer = new Scorer({ variablesByName: true });
  assert.equal(scorer.compare(schema, ref, swapped).verdict, 'mismatch');
  const [row] = await scoreBatch([{ schema, reference: ref, candidate: swapped }],
    { variablesByName: true });
  assert.equal(row.verdict, 'mismatch');
  const dir = scratch(t);
  const file = (name, text) => {
    fs.writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  const cli = runCli(t, 'compare', '--schema', file('s.graphql', schema), file('r.graphql', ref),
    file('c.graphql', swapped), '--no-extract', '--variables-by-name', '--json');
  if (cli === null) return;
  const { results_version: version, rules: ruleSet, variables_by_name: flag, ...members } =
    JSON.parse(cli);
  assert.deepEqual([version, typeof ruleSet, flag], [6, 'string', true]);
  assert.deepEqual(compare(schema, ref, swapped, { variablesByName: true, extract: false }),
    members);
});

test('validate lists errors as gqleval validate does', () => {
  const { schema } = farm();
  assert.deepEqual(validate(schema, '{ farm(farm_id: 1) { cows } }'), { valid: true, errors: [] });
  assert.deepEqual(validate(schema, '{ farm(farm_id: 1) { goats } }'), {
    valid: false,
    errors: [{
      query: 'query',
      rule: 'FieldsOnCorrectType',
      message: 'Cannot query field "goats" on type "Farm". Did you mean "cows"?',
      line: 1,
      column: 22,
    }],
  });
  const badSchema = validate('type Query { a: Nope }', '{ a }');
  assert.equal(badSchema.valid, false);
  assert.equal(badSchema.errors[0].query, 'schema');
  // Several operations: the operation option names the one to run.
  const two = 'query A { farm(farm_id: 1) { cows } } query B { farm(farm_id: 1) { goats } }';
  assert.equal(validate(schema, two).valid, false);
  assert.equal(validate(schema, two, { operation: 'A' }).valid, false);  // B is still invalid
});

test('a Scorer keeps its options and gives what compare gives', async () => {
  const { schema, reference, answer } = farm();
  const scorer = new Scorer({ delta: 1, threads: 2 });
  assert.deepEqual(scorer.options, { delta: 1, threads: 2 });
  assert.ok(Object.isFrozen(scorer.options));
  assert.deepEqual(scorer.compare(schema, reference, answer), compare(schema, reference, answer, { delta: 1 }));
  assert.deepEqual(scorer.validate(schema, '{ x }'), validate(schema, '{ x }'));
  const rows = [{ schema, reference, candidate: answer }, { schema, reference, candidate: reference }];
  assert.deepEqual(await scorer.scoreBatch(rows), rows.map((r) =>
    compare(r.schema, r.reference, r.candidate, { delta: 1 })));
  assert.throws(() => scorer.compare(schema, reference, answer, { delta: 2 }), {
    name: 'TypeError',
    message: 'compare does not take the option delta',
  });
});

test('scoreBatch gives results in row order, ids first, each row an object of its own', async () => {
  const { schema, reference, answer } = farm();
  const rows = [];
  for (let i = 0; i < 50; i++) {
    rows.push({ schema, reference, candidate: i % 2 ? answer : reference, id: i % 3 ? `r${i}` : i });
  }
  const results = await scoreBatch(rows, { threads: 3 });
  assert.equal(results.length, 50);
  for (let i = 0; i < 50; i++) {
    const { id, ...rest } = results[i];
    assert.equal(id, rows[i].id);
    assert.equal(Object.keys(results[i])[0], 'id');
    assert.deepEqual(rest, compare(schema, reference, rows[i].candidate));
  }
  // Repeated rows are scored once but are not one object.
  results[1].verdict = 'changed';
  assert.equal(results[3].verdict, 'overfetch');
  assert.deepEqual(await scoreBatch([]), []);
});

test('scoreBatch runs off the JavaScript thread: timers fire while it scores', async () => {
  const { schema, reference } = farm();
  // Distinct rows (a comment of their own), so that none is a repeat.
  const rows = [];
  for (let i = 0; i < 40000; i++) {
    rows.push({ schema, reference, candidate: `# answer ${i}\n${reference}` });
  }
  let ticks = 0;
  const timer = setInterval(() => { ticks += 1; }, 1);
  const started = process.hrtime.bigint();
  const results = await scoreBatch(rows, { threads: 1 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  clearInterval(timer);
  assert.equal(results.length, rows.length);
  assert.ok(results.every((r) => r.verdict === 'equivalent'));
  // The batch took tens of milliseconds at least; a batch on the JavaScript
  // thread would let no timer fire until it ended.
  assert.ok(ticks >= 5, `${ticks} ticks in ${ms.toFixed(0)} ms`);
});

test('the version is the library\'s', (t) => {
  const out = runCli(t, '--version');
  if (out === null) return;
  assert.ok(out.includes(gqleval.version), `${out} / ${gqleval.version}`);
  assert.equal(gqleval.DEFAULT_MAX_FIELD_BYTES, 1048576);
});

test('a schema given again is the schema given, whatever came between', () => {
  const { schema, reference } = farm();
  const other = 'type Query { farm(farm_id: Int!): Farm }  type Farm { cows: Float }';
  const scorer = new Scorer();
  const first = scorer.compare(schema, reference, reference);
  assert.equal(first.verdict, 'equivalent');
  // The addon has read `other` when the candidate's type makes it throw.
  assert.throws(() => scorer.compare(other, reference, 5), { name: 'TypeError' });
  assert.deepEqual(scorer.compare(schema, reference, reference), first);
  assert.equal(scorer.compare(other, reference, reference).verdict, 'invalid_reference');
  assert.deepEqual(compare(schema, reference, reference), first);
  assert.throws(() => compare(other, reference, 5), { name: 'TypeError' });
  assert.deepEqual(compare(schema, reference, reference), first);
});

test('the addon loads and scores in worker threads too (context-aware)', async () => {
  const { Worker } = await import('node:worker_threads');
  const { schema, reference, answer } = farm();
  const expected = compare(schema, reference, answer);
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const gqleval = require(workerData.index);
    const { schema, reference, answer } = workerData;
    gqleval.scoreBatch([{ schema, reference, candidate: answer }], { threads: 1 })
      .then((batch) => parentPort.postMessage([gqleval.compare(schema, reference, answer), batch[0]]));
  `;
  const index = path.join(PACKAGE_DIR, 'index.js');
  const results = await Promise.all([0, 1].map(() => new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { index, schema, reference, answer } });
    worker.once('message', resolve);
    worker.once('error', reject);
  })));
  for (const [one, batch] of results) {
    assert.deepEqual(one, expected);
    assert.deepEqual(batch, expected);
  }
});

test('operation names the operation of a document with several, as --operation does', (t) => {
  const { schema, reference } = farm();
  const two = `query A { farmList { farm_id } }\n${reference.replace(/query\s+\w*/, 'query B')}`;
  const without = compare(schema, reference, two, { extract: false });
  assert.equal(without.verdict, 'invalid_candidate');
  const picked = compare(schema, reference, two, { extract: false, operation: 'B' });
  assert.equal(picked.verdict, 'equivalent');
  const dir = scratch(t);
  const file = path.join(dir, 'two.graphql');
  fs.writeFileSync(file, two);
  const cli = runCli(t, 'compare', '--schema', path.join(EXAMPLES, 'farm.graphql'),
    path.join(EXAMPLES, 'ref.graphql'), file, '--no-extract', '--operation', 'B', '--json');
  if (cli === null) return;
  const { results_version: version, rules: ruleSet, variables_by_name: byName, ...members } =
    JSON.parse(cli);
  assert.deepEqual([version, typeof ruleSet, byName], [6, 'string', false]);
  assert.deepEqual(picked, members);
});

test('engines are shared per option set, and kept or let go as the engine cache says', () => {
  const { schema, reference, answer } = farm();
  const first = compare(schema, reference, answer, { delta: 1 });
  // More option sets than the engine cache keeps: the first's engine is
  // evicted and its object let go; asked for again, it is made anew.
  for (let delta = 2; delta < 40; delta++) {
    assert.equal(compare(schema, reference, answer, { delta }).verdict, 'overfetch_ok');
  }
  if (global.gc) global.gc();
  assert.deepEqual(compare(schema, reference, answer, { delta: 1 }), first);
  // A Scorer of the same options gives the same results as compare().
  assert.deepEqual(new Scorer({ delta: 1 }).compare(schema, reference, answer), first);
});

test('with answer "all" a candidate may be an Array of query texts', async () => {
  const { schema } = farm();
  const reference = '{ farm(farm_id: 1) { farm_id total_horses } }';
  const parts = ['{ farm(farm_id: 1) { farm_id } }', '{ farm(farm_id: 1) { total_horses } }'];
  const r = gqleval.compare(schema, reference, parts, { answer: 'all' });
  assert.deepEqual([r.verdict, r.operations, r.invalid_operations], ['equivalent', 2, 0]);
  const scorer = new gqleval.Scorer({ answer: 'all' });
  assert.equal(scorer.compare(schema, reference, JSON.stringify(parts)).verdict, 'equivalent');
  const rows = await gqleval.scoreBatch(
    [parts, parts.slice(0, 1), [...parts, 7]].map((candidate) => ({ schema, reference, candidate })),
    { answer: 'all' });
  assert.deepEqual(rows.map((x) => x.verdict), ['equivalent', 'underfetch', 'invalid_candidate']);
  assert.equal(rows[2].errors[0].message, "entry 2 of the answer's array is not a string");
});
