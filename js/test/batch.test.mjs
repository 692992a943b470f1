// scoreBatch at scale: chunks, threads, repeats across chunks, calls side by
// side, each row's result what compare() gives it.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { gqleval, sampleRows } from './support.mjs';

const { compare, scoreBatch, Scorer } = gqleval;

// `n` rows made from the generated sample's: every third one repeats an
// earlier row, the others carry a comment of their own (distinct texts).
function manyRows(n) {
  const { rows } = sampleRows();
  const out = [];
  for (let i = 0; i < n; i++) {
    const r = rows[i % rows.length];
    const repeat = i % 3 === 2;
    out.push({
      schema: r.schema,
      reference: r.reference,
      candidate: repeat ? r.candidate : `# row ${i}\n${r.candidate}`,
      variables: r.variables || null,
      id: i,
    });
  }
  return out;
}

test('70,000 rows (three chunks) on two threads: each row as compare() scores it', async () => {
  const rows = manyRows(70000);
  const results = await scoreBatch(rows, { threads: 2 });
  assert.equal(results.length, rows.length);
  const verdicts = new Map();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const { id, ...members } = results[i];
    assert.equal(id, i);
    assert.deepEqual(members, compare(r.schema, r.reference, r.candidate, { variables: r.variables }),
      `row ${i}`);
    verdicts.set(members.verdict, (verdicts.get(members.verdict) || 0) + 1);
  }
  assert.ok(verdicts.size >= 4, JSON.stringify([...verdicts]));
});

test('two batches with other options side by side each get their own results', async () => {
  const rows = manyRows(5000);
  const [plain, lenient, subset] = await Promise.all([
    scoreBatch(rows, { threads: 1 }),
    scoreBatch(rows, { delta: 3, threads: 2 }),
    new Scorer({ mode: 'subset' }).scoreBatch(rows),
  ]);
  for (let i = 0; i < rows.length; i += 7) {
    const r = rows[i];
    const expect = (options) => ({
      id: i, ...compare(r.schema, r.reference, r.candidate, { variables: r.variables, ...options }),
    });
    assert.deepEqual(plain[i], expect({}));
    assert.deepEqual(lenient[i], expect({ delta: 3 }));
    assert.deepEqual(subset[i], expect({ mode: 'subset' }));
  }
  assert.ok(lenient.some((r, i) => r.verdict === 'overfetch_ok' && plain[i].verdict === 'overfetch'));
});

test('the rows are read when the call is made: changing them after does not change the results', async () => {
  const rows = manyRows(100);
  const expected = rows.map((r) => ({
    id: r.id, ...compare(r.schema, r.reference, r.candidate, { variables: r.variables }),
  }));
  const pending = scoreBatch(rows);
  for (const r of rows) r.candidate = 'nonsense {';
  rows.length = 0;
  assert.deepEqual(await pending, expected);
});
