// What the package offers beside scoring pairs, as the Python module does:
// file runs with their summary, summaries of results in either mode, and the
// lists of result members, all from the engine (engine/rows).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { RESULT_FIELDS, farm, gqleval, runCli, scratch } from './support.mjs';

const { compare, scoreBatch, scoreFile, counts, mergeCounts, summary, summaryOfCounts } = gqleval;

function rowsFile(dir) {
  const { schema, reference, answer } = farm();
  const file = path.join(dir, 'rows.jsonl');
  const rows = [answer, reference, 'no query', answer].map((candidate, i) => (
    JSON.stringify({ id: `r${i}`, schema, reference, candidate })));
  fs.writeFileSync(file, rows.join('\n') + '\n');
  return file;
}

test('scoreFile is `gqleval score` with its summary', async (t) => {
  const dir = scratch(t);
  const file = rowsFile(dir);
  const out = path.join(dir, 'results.jsonl');
  const s = await scoreFile(file, { out, failUnder: 'pass_rate=0.9', threads: 2 });
  assert.equal(s.rows, 4);
  assert.equal(s.gatesMet, false);
  const cliOut = path.join(dir, 'cli.jsonl');
  const cliSummary = path.join(dir, 'cli.summary.json');
  if (runCli(t, 'score', file, '-q', '-o', cliOut, '--summary', cliSummary, '--threads', '2') === null) {
    return;
  }
  // The same result lines, and the summary's members bar the run's own facts.
  assert.equal(fs.readFileSync(out, 'utf8'), fs.readFileSync(cliOut, 'utf8'));
  const cli = JSON.parse(fs.readFileSync(cliSummary, 'utf8'));
  for (const k of ['rows', 'compared', 'verdicts', 'pass', 'pass_rate', 'mean_f1']) {
    assert.deepEqual(s[k], cli[k], k);
  }
  const lm = await scoreFile(file, { summaryFormat: 'lm-eval', task: 'farm' });
  assert.equal(lm.results.farm['pass,none'], 0.25);
  const subset = await scoreFile(file, { mode: 'subset' });
  assert.equal(subset.mode, 'subset');
});

test('scoreFile refuses bad options at once and rejects a run that fails', async (t) => {
  const dir = scratch(t);
  assert.throws(() => scoreFile(rowsFile(dir), { candidateCol: 5 }), {
    name: 'TypeError', message: 'candidateCol must be a string, not number',
  });
  await assert.rejects(scoreFile(path.join(dir, 'absent.csv')), (e) => e.code === 'IO');
  await assert.rejects(scoreFile(rowsFile(dir), { mode: 'x' }), {
    message: "gqleval: mode must be equivalence, subset or coverage, not 'x'",
  });
});

test('summaries of results, in parts or whole, in either mode', async () => {
  const { schema, reference, answer } = farm();
  const rows = [answer, reference, 'no query', answer].map((candidate, i) => (
    { id: i, schema, reference, candidate }));
  const results = await scoreBatch(rows);
  assert.deepEqual(results.map((r) => r.id), [0, 1, 2, 3]);
  assert.deepEqual(Object.keys(results[1]), ['id', ...RESULT_FIELDS]);
  const whole = summary(results);
  assert.equal(whole.rows, 4);
  assert.equal(whole.pass, 1);
  assert.deepEqual(summaryOfCounts(mergeCounts([counts(results.slice(0, 1)),
    counts(results.slice(1))])), whole);
  const subset = await scoreBatch(rows, { mode: 'subset' });
  const s = summary(subset);
  assert.equal(s.mode, 'subset');
  assert.ok('mean_score' in s && !('mean_f1' in s));
  assert.throws(() => mergeCounts([counts(results), counts(subset)]), RangeError);
  assert.throws(() => counts([{ verdict: 'maybe', f1: 0 }]), {
    name: 'RangeError', message: /^verdict 'maybe' of row 0 is not one of equivalent, /,
  });
  assert.deepEqual(gqleval.RESULT_FIELDS, RESULT_FIELDS);
  assert.deepEqual(Object.keys(compare(schema, reference, answer, { mode: 'subset' })),
    gqleval.SUBSET_RESULT_FIELDS);
});
