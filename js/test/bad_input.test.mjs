// Bad input never crashes the addon: a cell or option of the wrong type is an
// exception naming it, a bad query or schema is a verdict.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { farm, gqleval } from './support.mjs';

const { compare, scoreBatch, validate, derivedRules, Scorer } = gqleval;
const NOT_COMPARED = ['no_query', 'invalid_candidate', 'invalid_reference', 'invalid_schema', 'bad_row'];

test('a cell of the wrong type is a TypeError naming it', () => {
  const { schema, reference } = farm();
  assert.throws(() => compare(42, reference, reference), {
    name: 'TypeError',
    message: /^schema must be SDL, introspection JSON \(text or object\) or a GraphQLSchema, not number$/,
  });
  assert.throws(() => compare(schema, reference, 7), {
    name: 'TypeError',
    message: 'candidate must be a string, an Array of query texts, null or undefined, not number',
  });
  assert.throws(() => compare(schema, { query: reference }, reference), {
    name: 'TypeError', message: 'reference must be a string, null or undefined',
  });
  assert.throws(() => compare(schema, [reference, 3], reference), {
    name: 'TypeError', message: 'reference[1] must be a string, null or undefined',
  });
  assert.throws(() => compare(schema, [], reference), {
    name: 'RangeError', message: 'the row has no reference: give at least one',
  });
  assert.throws(() => compare(schema, new String(reference), reference), { name: 'TypeError' });
  assert.throws(() => validate(schema, 42), {
    name: 'TypeError', message: 'query must be a string, null or undefined',
  });
  assert.throws(() => derivedRules(Symbol('s')), { name: 'TypeError', message: /^schema must be/ });
});

test('missing cells are verdicts, as empty cells are to the CLI', () => {
  const { schema, reference } = farm();
  assert.equal(compare(schema, reference, null).verdict, 'no_query');
  assert.equal(compare(schema, reference, undefined).verdict, 'no_query');
  assert.equal(compare(schema, null, reference).verdict, 'invalid_reference');
  assert.equal(compare(null, reference, reference).verdict, 'invalid_schema');
  assert.equal(compare('type Query { a: Nope }', '{ a }', '{ a }').verdict, 'invalid_schema');
  assert.equal(compare(schema, reference, 'query {').verdict, 'invalid_candidate');
});

test('every option of the wrong type or range throws, naming the option', () => {
  const { schema, reference } = farm();
  const cases = [
    [{ delta: '1' }, TypeError, 'delta must be a number, not string'],
    [{ delta: -1 }, RangeError, 'delta must be a whole number from 0 to 4294967295, not -1'],
    [{ delta: 1.5 }, RangeError, /^delta must be a whole number/],
    [{ delta: 2 ** 32 }, RangeError, /^delta must be a whole number/],
    [{ ruleSet: ['cycles'] }, TypeError, 'ruleSet must be a string, not an Array'],
    [{ ruleSet: 'cycles,loops' }, RangeError,
      "unknown rule 'loops' in ruleSet (the rules are cycles, endpoints, rgeval)"],
    [{ rules: 5 }, TypeError, 'rules must be a string, not number'],
    [{ rules: '/no/such/rules.json' }, RangeError, /^rules: \/no\/such\/rules\.json: /],
    [{ mode: 'superset' }, RangeError, "mode must be equivalence, subset or coverage, not 'superset'"],
    [{ mode: 'subset', ruleSet: 'cycles' }, RangeError,
      'ruleSet is not available with mode: "subset" (it applies no rewrite rule)'],
    [{ mode: 'subset', delta: 1 }, RangeError,
      'delta (an over-fetch budget) is not available with mode: "subset"'],
    [{ extract: 'yes' }, TypeError, 'extract must be a boolean, not string'],
    [{ ignoreTypename: 1 }, TypeError, 'ignoreTypename must be a boolean, not number'],
    [{ variablesByName: 'yes' }, TypeError, 'variablesByName must be a boolean, not string'],
    [{ strictSchema: null }, TypeError, 'strictSchema must be a boolean, not null'],
    [{ operation: {} }, TypeError, 'operation must be a string, not object'],
    [{ maxFieldBytes: -5 }, RangeError, /^maxFieldBytes must be a whole number/],
    [{ variables: 5 }, TypeError, 'variables must be an object, JSON text or null, not number'],
    [{ variables: [1] }, TypeError, 'variables must be an object, JSON text or null, not an Array'],
    [{ threads: 2 }, TypeError, 'compare does not take the option threads'],
    [{ rule_set: 'none' }, TypeError, /^unknown option 'rule_set' \(the options: delta, rules, ruleSet, mode, /],
    [{ schemaCacheMb: -1 }, RangeError, 'schemaCacheMb must be a whole number from 0 to 1073741824, not -1'],
  ];
  for (const [options, type, message] of cases) {
    assert.throws(() => compare(schema, reference, reference, options), { name: type.name, message },
      JSON.stringify(options));
  }
  assert.throws(() => compare(schema, reference, reference, 'fast'), {
    name: 'TypeError', message: 'compare: options must be an object, not string',
  });
  assert.throws(() => new Scorer({ threads: 0 }), {
    name: 'RangeError', message: 'threads must be a whole number from 1 to 4096, not 0',
  });
});

test('scoreBatch rejects rows of the wrong shape, naming the row and cell', async () => {
  const { schema, reference } = farm();
  const good = { schema, reference, candidate: reference };
  const cases = [
    ['rows', TypeError, 'rows must be an Array, not string'],
    [[good, null], TypeError, 'rows[1] must be an object, not null'],
    [[good, good, { ...good, candidate: 5 }], TypeError,
      'rows[2].candidate must be a string, an Array of query texts, null or undefined, not number'],
    [[{ ...good, reference: [reference, false] }], TypeError,
      'rows[0].reference[1] must be a string, null or undefined, not boolean'],
    [[{ ...good, reference: [] }], RangeError, 'row 0 has no reference: give at least one'],
    [[good, { ...good, reference: [] }], RangeError, 'row 1 has no reference: give at least one'],
    [[{ ...good, id: {} }], TypeError, 'rows[0].id must be a string or a finite number, not object'],
    [[{ ...good, id: NaN }], TypeError, 'rows[0].id must be a string or a finite number, not number'],
    [[{ ...good, variables: 3 }], TypeError,
      'rows[0].variables must be an object, JSON text or null, not number'],
    [[{ ...good, schema: 3 }], TypeError, /^rows\[0\]\.schema must be SDL/],
  ];
  for (const [rows, type, message] of cases) {
    await assert.rejects(scoreBatch(rows), { name: type.name, message }, JSON.stringify(rows).slice(0, 80));
  }
  await assert.rejects(scoreBatch([good], { threads: 0 }), { name: 'RangeError' });
  await assert.rejects(scoreBatch([good], { variables: {} }), {
    name: 'TypeError', message: 'scoreBatch does not take the option variables',
  });
});

test('lone surrogates, NUL characters and other odd text are verdicts', async () => {
  const { schema, reference } = farm();
  const odd = [
    '\uD800', '{ farm(farm_id: 1) { \uDC00cows } }', `${reference}\uD83D`, '\u0000', `{ a\u0000 }`,
    '\uFEFF{ farmList { farm_id } }', '```graphql\n\uD800\n```', '"\uDFFF"',
  ];
  const allowed = new Set([...NOT_COMPARED, 'equivalent', 'overfetch', 'underfetch', 'mismatch']);
  for (const text of odd) {
    for (const r of [
      compare(schema, reference, text),
      compare(schema, text, reference),
      compare(text, reference, reference),
      compare(schema, reference, reference, { variables: { [text]: text } }),
    ]) {
      assert.ok(allowed.has(r.verdict), `${JSON.stringify(text)}: ${r.verdict}`);
      if (!r.compared) assert.ok(r.errors.length > 0, JSON.stringify(text));
    }
  }
  // A lone surrogate reaches the engine as U+FFFD, which no name may hold.
  const r = compare(schema, reference, '{ farm(farm_id: 1) { \uDC00cows } }', { extract: false });
  assert.equal(r.verdict, 'invalid_candidate');
  assert.equal(r.errors[0].rule, 'Syntax');
  const rows = odd.map((text) => ({ schema, reference, candidate: text }));
  const batch = await scoreBatch(rows);
  assert.deepEqual(batch, odd.map((text) => compare(schema, reference, text)));
});

test('huge and deeply nested cells are verdicts', () => {
  const { schema, reference } = farm();
  const huge = `{ farmList { ${'farm_id '.repeat(300000)} } }`;  // 2.4 MB
  const over = compare(schema, reference, huge);
  assert.equal(over.verdict, 'bad_row');
  assert.match(over.errors[0].message, /over the limit of 1048576 \(maxFieldBytes\)$/);
  const lifted = compare(schema, reference, huge, { maxFieldBytes: 0 });
  assert.equal(lifted.verdict, 'mismatch');
  const deep = '{ a '.repeat(200000) + '}'.repeat(200000);
  const nested = compare(schema, reference, deep, { maxFieldBytes: 0 });
  assert.ok(NOT_COMPARED.includes(nested.verdict), nested.verdict);
  assert.ok(nested.errors.length > 0);
  assert.equal(compare(deep, reference, reference, { maxFieldBytes: 0 }).verdict, 'invalid_schema');
});

test('texts of multibyte characters reach the engine whole, short or long', () => {
  const { schema, reference } = farm();
  // 2, 3 and 4 UTF-8 bytes a character (the last a surrogate pair), in a
  // comment before the query: cut short, the query would be lost or broken.
  for (const ch of ['é', '€', '😀']) {
    for (const count of [1, 100, 70000]) {
      const answer = `# ${ch.repeat(count)}\n${reference}`;
      const r = compare(schema, reference, answer, { maxFieldBytes: 0, extract: false });
      assert.equal(r.verdict, 'equivalent', `${count} x ${ch}`);
      // The limit counts the candidate's UTF-8 bytes, all of them.
      const bytes = Buffer.byteLength(answer);
      if (bytes <= Buffer.byteLength(schema)) continue;
      const tooLong = compare(schema, reference, answer, { maxFieldBytes: bytes - 1 });
      assert.equal(tooLong.verdict, 'bad_row', `${count} x ${ch}`);
      assert.match(tooLong.errors[0].message, new RegExp(`^the candidate is ${bytes} bytes`));
      assert.equal(compare(schema, reference, answer, { maxFieldBytes: bytes }).verdict, 'equivalent');
    }
  }
});
