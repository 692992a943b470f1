// gqleval/promptfoo: the assertion called directly, then the example config
// (examples/promptfoo/) run by promptfoo itself, installed from npm at test
// time (`npm ci` of promptfoo/package-lock.json) into GQLEVAL_JS_TEST_DIR
// (kept there: the second run reuses it).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { fileURLToPath } from 'node:url';

import {
  EXAMPLES, PACKAGE_DIR, SANITIZED, TEST_DIR, gqleval, npmCiLocked, readText, require,
} from './support.mjs';

const assertion = require(path.join(PACKAGE_DIR, 'promptfoo.js'));
const { createAssertion, formatReason } = assertion;

// The newest promptfoo whose engines accept Node.js 20.20 (0.122.0 and later
// need 22.22). examples/promptfoo/README.md says what its CLI contacts and
// how the environment below keeps it offline.
// promptfoo/package.json pins it; its lock pins the rest.
const PROMPTFOO_VERSION = '0.121.20';
const LOCKED = path.join(path.dirname(fileURLToPath(import.meta.url)), 'promptfoo');

const EXAMPLE = path.join(EXAMPLES, 'promptfoo');
const FARM = readText(EXAMPLES, 'farm.graphql');
const FARM_LIST = '{ farmList { total_horses total_cattle } }';

// The assertion alone ---------------------------------------------------------

test('an exact answer passes with score 1', () => {
  const r = assertion(FARM_LIST, { vars: { schema: FARM, reference: FARM_LIST } });
  assert.deepEqual(r, { pass: true, score: 1, reason: 'equivalent' });
  // The named export and the module are the same function.
  assert.equal(assertion.gqlevalAssertion, assertion);
});

test('the reason names the verdict and the first missing and extra paths', () => {
  const r = assertion('{ farmList { total_horses working_horses } }', {
    vars: { schema: FARM, reference: FARM_LIST },
  });
  assert.equal(r.pass, false);
  assert.ok(Math.abs(r.score - 2 / 3) < 1e-9);
  assert.equal(r.reason, 'mismatch: missing query -> farmList -> total_cattle; '
    + 'extra query -> farmList -> working_horses');
  // Further paths are counted, not listed.
  const more = assertion('{ farmList { year } }', { vars: { schema: FARM, reference: FARM_LIST } });
  assert.equal(more.reason, 'mismatch: missing query -> farmList -> total_cattle (+1 more); '
    + 'extra query -> farmList -> year');
});

test('score and pass are compare()\'s f1 and pass', () => {
  const answers = [FARM_LIST, '{ farmList { total_horses } }', '{ farmList { total_horses year } }',
    'Sure:\n```graphql\n{ farmList { h: total_horses total_cattle } }\n```'];
  for (const answer of answers) {
    const expected = gqleval.compare(FARM, FARM_LIST, answer);
    const r = assertion(answer, { vars: { schema: FARM, reference: FARM_LIST } });
    assert.equal(r.score, expected.f1, answer);
    assert.equal(r.pass, expected.pass, answer);
    assert.equal(r.reason, formatReason(expected), answer);
  }
});

test('a missing var is a failing result, never a throw', () => {
  const noVar = (name) => ({
    pass: false,
    score: 0,
    reason: `gqleval: the test has no var ${name}`,
  });
  assert.deepEqual(assertion(FARM_LIST, { vars: { reference: FARM_LIST } }), noVar("'schema'"));
  assert.deepEqual(assertion(FARM_LIST, { vars: { schema: FARM } }), noVar("'reference'"));
  // An empty cell (a CSV's) counts as missing.
  assert.deepEqual(assertion(FARM_LIST, { vars: { schema: '', reference: FARM_LIST } }),
    noVar("'schema'"));
  assert.deepEqual(assertion(FARM_LIST, undefined), noVar("'schema'"));
  const config = { referenceVar: ['gt_query', 'gt_query_2'] };
  assert.deepEqual(assertion(FARM_LIST, { vars: { schema: FARM }, config }),
    noVar("'gt_query' or 'gt_query_2'"));
});

test('var names come from the config', () => {
  const context = {
    vars: { sdl: FARM, gt_query: FARM_LIST },
    config: { schemaVar: 'sdl', referenceVar: 'gt_query' },
  };
  assert.deepEqual(assertion(FARM_LIST, context), { pass: true, score: 1, reason: 'equivalent' });
});

test('several references: a list-valued var, or a list of var names', () => {
  const other = '{ cityList { farm_competition { competition_record { farm { cows } } } } }';
  const answer = '{ farmList { total_horses } }';
  const right = '{ farmList { total_horses } }';
  // `other` alone fails: the pass below comes from the second reference.
  assert.equal(assertion(answer, { vars: { schema: FARM, reference: other } }).pass, false);
  const viaArray = assertion(answer, { vars: { schema: FARM, reference: [other, right] } });
  assert.deepEqual(viaArray, { pass: true, score: 1, reason: 'equivalent' });
  // A missing or empty var among the names is skipped (rows without a
  // second ground truth).
  const config = { referenceVar: ['gt_query', 'gt_query_2'] };
  const twoVars = { schema: FARM, gt_query: other, gt_query_2: right };
  const viaNames = assertion(answer, { vars: twoVars, config });
  assert.deepEqual(viaNames, { pass: true, score: 1, reason: 'equivalent' });
  const oneVar = { schema: FARM, gt_query: right, gt_query_2: '' };
  const oneName = assertion(answer, { vars: oneVar, config });
  assert.deepEqual(oneName, { pass: true, score: 1, reason: 'equivalent' });
});

test('subset mode scores with the subset score', () => {
  const config = { mode: 'subset' };
  const vars = { schema: FARM, reference: FARM_LIST };
  const over = assertion('{ farmList { total_horses total_cattle year } }', { vars, config });
  assert.deepEqual(over, { pass: true, score: 1, reason: 'subset' });
  const under = assertion('{ farmList { total_horses working_horses } }', { vars, config });
  assert.deepEqual(under, {
    pass: false,
    score: 0.75,
    reason: 'missing: missing query -> farmList -> total_cattle',
  });
});

test('a pair that was never compared gives the first error', () => {
  const vars = { schema: FARM, reference: FARM_LIST };
  assert.deepEqual(assertion('{ farmList { nope } }', { vars }), {
    pass: false,
    score: 0,
    reason: 'invalid_candidate: Cannot query field "nope" on type "Farm".',
  });
  assert.deepEqual(assertion('I cannot answer that.', { vars }), {
    pass: false,
    score: 0,
    reason: 'no_query: No GraphQL query found in the candidate.',
  });
  const badRefVars = { schema: FARM, reference: '{ farmList { nope } }' };
  const badRef = assertion(FARM_LIST, { vars: badRefVars });
  assert.equal(badRef.pass, false);
  assert.match(badRef.reason, /^invalid_reference: Cannot query field "nope"/);
  // A provider's non-string output is scored as its JSON text.
  assert.equal(assertion({ text: 'no query' }, { vars }).reason.split(':')[0], 'no_query');
});

test('variables come from the variables var or the config', () => {
  const reference = 'query ($id: Int!) { city(city_id: $id) { population } }';
  const answer = '{ city(city_id: 3) { population } }';
  const vars = { schema: FARM, reference };
  assert.equal(assertion(answer, { vars: { ...vars, variables: { id: 3 } } }).reason, 'equivalent');
  const asText = assertion(answer, { vars: { ...vars, variables: '{"id": 3}' } });
  assert.equal(asText.reason, 'equivalent');
  assert.equal(assertion(answer, { vars, config: { variables: { id: 3 } } }).reason, 'equivalent');
  // The test's var wins over the config's.
  const both = assertion(answer, {
    vars: { ...vars, variables: { id: 4 } },
    config: { variables: { id: 3 } },
  });
  assert.equal(both.pass, false);
});

test('a threshold decides pass on the score; a pair never compared still fails', () => {
  const vars = { schema: FARM, reference: FARM_LIST };
  const partial = '{ farmList { total_horses } }'; // f1 0.8
  assert.deepEqual(assertion(partial, { vars, config: { threshold: 0.75 } }), {
    pass: true,
    score: 0.8,
    reason: 'underfetch: missing query -> farmList -> total_cattle; f1 0.8 >= threshold 0.75',
  });
  assert.equal(assertion(partial, { vars, config: { threshold: 0.9 } }).pass, false);
  assert.equal(assertion('{ farmList { nope } }', { vars, config: { threshold: 0 } }).pass, false);
  assert.deepEqual(assertion(partial, { vars, config: { threshold: 2 } }), {
    pass: false,
    score: 0,
    reason: 'gqleval: config.threshold must be a number from 0 to 1',
  });
});

test('a bad option is a failing result with compare()\'s message', () => {
  const vars = { schema: FARM, reference: FARM_LIST };
  const typo = assertion(FARM_LIST, { vars, config: { mdoe: 'subset' } });
  assert.equal(typo.pass, false);
  assert.equal(typo.score, 0);
  assert.match(typo.reason, /^gqleval: unknown option 'mdoe' \(the options: /);
  const range = assertion(FARM_LIST, { vars, config: { delta: -1 } });
  assert.match(range.reason, /^gqleval: delta must be a whole number/);
  assert.equal(assertion(FARM_LIST, { vars, config: { referenceVar: [] } }).reason,
    'gqleval: config.referenceVar must be a var name or a list of var names');
});

test('createAssertion builds the config in; the assertion\'s config wins', () => {
  const subset = createAssertion({ mode: 'subset', referenceVar: 'gt_query' });
  const vars = { schema: FARM, gt_query: FARM_LIST };
  const answer = '{ farmList { total_horses total_cattle year } }';
  assert.deepEqual(subset(answer, { vars }), { pass: true, score: 1, reason: 'subset' });
  const r = subset(answer, { vars, config: { mode: 'equivalence' } });
  assert.equal(r.reason, 'overfetch: extra query -> farmList -> year');
});

// promptfoo itself -------------------------------------------------------------

// What the example config gives, by test (testIdx order). Scores are F1s:
// 8/9 = 4 of 4 candidate nodes right and 4 of 5 reference nodes found.
const EXPECTED = [
  { description: 'nl2gql 5: the exact reference', pass: true, score: 1, reason: 'equivalent' },
  {
    description: 'nl2gql 30: prose, a fenced block, an alias and another order',
    pass: true,
    score: 1,
    reason: 'equivalent',
  },
  {
    description: 'nl2gql 45: matches the second ground truth (gt_query_2)',
    pass: true,
    score: 1,
    reason: 'equivalent',
  },
  {
    description: 'nl2gql 15: partial, a field is missing',
    pass: false,
    score: 8 / 9,
    reason: 'underfetch: missing query -> farmList -> year',
  },
  {
    description: 'nl2gql 50: a wrong field, one missing and one extra',
    pass: false,
    score: 2 / 3,
    reason: 'mismatch: missing query -> farmList -> total_cattle; '
      + 'extra query -> farmList -> working_horses',
  },
  {
    description: 'nl2gql 40: invalid, a field the schema does not have',
    pass: false,
    score: 0,
    reason: 'invalid_candidate: Cannot query field "year_held" on type "Farm_competition".',
  },
];

// Whether this Node.js is one PROMPTFOO_VERSION's engines accept
// ("^20.20.0 || >=22.22.0").
function nodeAccepted() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  return (major === 20 && minor >= 20) || (major === 22 && minor >= 22) || major > 22;
}

// promptfoo as promptfoo/package-lock.json pins it (PROMPTFOO_VERSION and its
// 800 packages, the same tree every run), installed once into
// TEST_DIR/promptfoo: {dir} when it is there, {skip} when it cannot run here
// (the sanitizer build, another Node.js) or npm or the registry is not there.
// Optional dependencies stay: promptfoo's database (libsql) needs its native
// package, which is one (1.4 GB in all, about a minute).
function installPromptfoo() {
  if (SANITIZED) {
    // The assertion is plain JavaScript over the addon, which the other
    // suites check under ASan; promptfoo's own 1.4 GB need not run there.
    return { skip: 'promptfoo runs in the Release build only (the addon under ASan: JS.api and the rest)' };
  }
  if (!nodeAccepted()) {
    return { skip: `promptfoo ${PROMPTFOO_VERSION} needs Node.js 20.20 or later, or 22.22 or later (its engines); this is ${process.version}` };
  }
  const { prefix, skip } = npmCiLocked(LOCKED, path.join(TEST_DIR, 'promptfoo'));
  return skip ? { skip } : { dir: prefix };
}

// The environment that keeps promptfoo 0.121.20 offline and out of $HOME
// (read from its dist/src: telemetry.js, main.js, fetch.js).
function offlineEnv(home) {
  const env = { ...process.env };
  // The runner's marker would make a node:test in the child report to us.
  delete env.NODE_TEST_CONTEXT;
  return Object.assign(env, {
    PROMPTFOO_CONFIG_DIR: home, // promptfoo.db, logs, runtime-notice state
    PROMPTFOO_CACHE_PATH: path.join(home, 'cache'),
    PROMPTFOO_DISABLE_TELEMETRY: '1',
    PROMPTFOO_DISABLE_UPDATE: '1', // the latest-version check at start
    PROMPTFOO_DISABLE_RUNTIME_WARNINGS: '1', // the Node.js 20 notice
    PROMPTFOO_DISABLE_SHARING: '1',
    PROMPTFOO_DISABLE_REMOTE_GENERATION: '1',
    PROMPTFOO_FAILED_TEST_EXIT_CODE: '100',
    // With telemetry disabled promptfoo still posts one "telemetry disabled"
    // event; its fetch honours these, so that post goes to a closed local
    // port instead of leaving the machine.
    HTTPS_PROXY: 'http://127.0.0.1:9',
    HTTP_PROXY: 'http://127.0.0.1:9',
    https_proxy: 'http://127.0.0.1:9',
    http_proxy: 'http://127.0.0.1:9',
    NO_PROXY: '',
    no_proxy: '',
  });
}

test(`promptfoo ${PROMPTFOO_VERSION} runs the example config offline`, { timeout: 900000 }, (t) => {
  const installed = installPromptfoo();
  if (installed.skip) {
    t.skip(installed.skip);
    return;
  }
  const { dir } = installed;
  // The example is run from a copy with a node_modules of its own that holds
  // gqleval (the package tested, PACKAGE_DIR), so that the config's
  // `package:gqleval/promptfoo:...` resolves from its folder as it does for
  // a user: the config in RUN/promptfoo/, its schema in RUN/ (as in
  // examples/). promptfoo itself runs from the installed tree.
  const top = fs.mkdtempSync(path.join(dir, 'run-'));
  t.after(() => fs.rmSync(top, { recursive: true, force: true }));
  fs.mkdirSync(path.join(top, 'node_modules'));
  fs.symlinkSync(PACKAGE_DIR, path.join(top, 'node_modules', 'gqleval'), 'dir');
  const run = path.join(top, 'promptfoo');
  fs.mkdirSync(run);
  fs.copyFileSync(path.join(EXAMPLE, 'promptfooconfig.yaml'), path.join(run, 'promptfooconfig.yaml'));
  fs.copyFileSync(path.join(EXAMPLES, 'farm.graphql'), path.join(top, 'farm.graphql'));
  const pkg = JSON.parse(readText(dir, 'node_modules', 'promptfoo', 'package.json'));
  assert.equal(pkg.version, PROMPTFOO_VERSION);
  const cli = path.join(dir, 'node_modules', 'promptfoo', pkg.bin.promptfoo);
  const out = path.join(run, 'out.json');
  const done = spawnSync(process.execPath, [
    cli, 'eval', '-c', path.join(run, 'promptfooconfig.yaml'), '-o', out,
    '--no-cache', '--no-table', '--no-progress-bar', '--no-share', '-j', '1',
  ], { cwd: run, encoding: 'utf8', env: offlineEnv(path.join(run, 'home')), timeout: 300000 });
  const log = `${done.stdout}\n${done.stderr}`;
  // Exit 100: the eval ran and some tests failed, as three are meant to.
  assert.equal(done.status, 100, `promptfoo eval: exit ${done.status} ${done.error || ''}\n${log}`);

  // promptfoo kept its database in the folder given, not in ~/.promptfoo.
  assert.ok(fs.existsSync(path.join(run, 'home', 'promptfoo.db')), log);

  const { results } = JSON.parse(fs.readFileSync(out, 'utf8'));
  const { successes, failures, errors } = results.stats;
  assert.deepEqual({ successes, failures, errors }, { successes: 3, failures: 3, errors: 0 });
  const byTest = [...results.results].sort((a, b) => a.testIdx - b.testIdx);
  assert.equal(byTest.length, EXPECTED.length);
  byTest.forEach((r, i) => {
    const want = EXPECTED[i];
    const where = `test ${i} (${want.description})`;
    assert.equal(r.testCase.description, want.description, where);
    assert.equal(r.success, want.pass, where);
    const scoreOk = Math.abs(r.score - want.score) < 1e-9;
    assert.ok(scoreOk, `${where}: score ${r.score}, want ${want.score}`);
    // The assertion's own result (promptfoo's summary reason is "All
    // assertions passed" for a pass).
    const [own] = r.gradingResult.componentResults;
    assert.equal(own.pass, want.pass, where);
    assert.ok(Math.abs(own.score - want.score) < 1e-9, `${where}: assertion score ${own.score}`);
    assert.equal(own.reason, want.reason, where);
    assert.equal(r.gradingResult.reason, want.pass ? 'All assertions passed' : want.reason, where);
  });
});
