'use strict';

// gqleval/promptfoo: a promptfoo assertion that scores a GraphQL query written
// by a model against the test's reference query.
//
//   assert:
//     - type: javascript
//       value: package:gqleval/promptfoo:gqlevalAssertion
//       config: { referenceVar: gt_query, mode: subset }   # all optional
//
// promptfoo calls the function with (output, context): `output` is the
// model's answer (prose with a fenced block is fine: gqleval extracts the
// query), `context.vars` the test's vars and `context.config` the assertion's
// `config:` block. It returns promptfoo's GradingResult {pass, score, reason}:
//   score   gqleval's F1 (with mode: subset, the subset score); 0 when the
//           pair was never compared (no query, an invalid query or schema)
//   pass    gqleval's own pass, or score >= threshold when one is configured
//   reason  the verdict with the first missing and first extra path, e.g.
//           "mismatch: missing query -> farmList -> total_cattle; extra
//           query -> farmList -> working_horses", or with the first error's
//           message for a pair that was never compared
// config (every key optional):
//   schemaVar     the var with the schema: SDL, introspection JSON text or
//                 object (default 'schema')
//   referenceVar  the var with the reference query, or a list of var names;
//                 the best-matching reference counts (default 'reference')
//   variablesVar  the var with the variables' values, an object or JSON
//                 text, used where a test sets it (default 'variables')
//   threshold     a number from 0 to 1: pass = compared && score >= threshold
//   any other key an option of gqleval's compare(): mode, delta, ruleSet,
//                 rules, variables, ignoreTypename, variablesByName,
//                 strictSchema, operation, extract (see index.d.ts)
// Nothing here throws: a missing var, a bad option or an addon that does not
// load is a failing result whose reason starts with "gqleval:", so one bad
// row cannot abort an eval.

// The config keys this module reads itself, with their defaults. The other
// keys go to compare() as they are, so that compare() checks them: a misspelt
// key fails the test with compare()'s "unknown option" message instead of
// being ignored, and a new option of compare() needs no change here.
const DEFAULTS = Object.freeze({
  schemaVar: 'schema',
  referenceVar: 'reference',
  variablesVar: 'variables',
});
const OWN_KEYS = new Set([...Object.keys(DEFAULTS), 'threshold']);

// Loaded on first use rather than at require time, so that an addon that
// fails to load becomes a failing result with its message, not an error
// while promptfoo loads the assertion file.
let gqleval = null;
function loadGqleval() {
  if (gqleval === null) gqleval = require('./index.js');
  return gqleval;
}

function fail(message) {
  return { pass: false, score: 0, reason: `gqleval: ${message}` };
}

// A var is missing when the test does not set it or sets it to nothing
// (promptfoo leaves an empty CSV cell as '').
function isPresent(value) {
  return value !== undefined && value !== null && value !== '';
}

function quoteNames(names) {
  return names.map((name) => `'${name}'`).join(' or ');
}

// The references named by `referenceVar`: one var or several, and a var's
// value may itself be a list (promptfoo expands list-valued vars into one
// test per item unless the test sets options.disableVarExpansion, so a list
// of var names is usually the easier way to give several references).
function collectReferences(vars, referenceVar) {
  const names = Array.isArray(referenceVar) ? referenceVar : [referenceVar];
  const references = [];
  for (const name of names) {
    const value = vars[name];
    if (!isPresent(value)) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (isPresent(item)) references.push(String(item));
    }
  }
  return { names, references };
}

function checkConfig(config) {
  for (const key of ['schemaVar', 'variablesVar']) {
    if (typeof config[key] !== 'string' || config[key] === '') {
      return `config.${key} must be a var name`;
    }
  }
  const refNames = Array.isArray(config.referenceVar) ? config.referenceVar : [config.referenceVar];
  if (refNames.length === 0 || !refNames.every((name) => typeof name === 'string' && name !== '')) {
    return 'config.referenceVar must be a var name or a list of var names';
  }
  const { threshold } = config;
  const inRange = typeof threshold === 'number' && threshold >= 0 && threshold <= 1;
  if (threshold !== undefined && !inRange) {
    return 'config.threshold must be a number from 0 to 1';
  }
  return null;
}

// "verdict: missing P (+N more); extra Q", or "verdict: <first error>" for a
// pair that was never compared (no query, invalid query or schema).
function formatReason(result) {
  const parts = [];
  const firstPath = (label, paths) => {
    if (!Array.isArray(paths) || paths.length === 0) return;
    const more = paths.length > 1 ? ` (+${paths.length - 1} more)` : '';
    parts.push(`${label} ${paths[0].path}${more}`);
  };
  firstPath('missing', result.missing_paths);
  firstPath('extra', result.extra_paths);
  if (!result.compared && Array.isArray(result.errors) && result.errors.length > 0) {
    parts.push(result.errors[0].message);
  }
  return parts.length > 0 ? `${result.verdict}: ${parts.join('; ')}` : String(result.verdict);
}

function toGradingResult(result, config) {
  const subset = config.mode === 'subset';
  const raw = subset ? result.score : result.f1;
  const score = typeof raw === 'number' && Number.isFinite(raw) ? raw : 0;
  let pass = result.pass === true;
  let reason = formatReason(result);
  if (config.threshold !== undefined) {
    // A pair that was never compared fails whatever the threshold: a
    // threshold of 0 means "any valid query passes", not "anything passes".
    pass = result.compared === true && score >= config.threshold;
    const name = subset ? 'score' : 'f1';
    const relation = pass ? '>=' : '<';
    reason += `; ${name} ${Number(score.toFixed(4))} ${relation} threshold ${config.threshold}`;
  }
  return { pass, score, reason };
}

/**
 * The assertion: (output, context) -> {pass, score, reason}.
 * @param {unknown} output the model's answer; a non-string is JSON-encoded
 * @param {{vars?: object, config?: object}} [context] promptfoo's context
 */
function gqlevalAssertion(output, context) {
  const config = { ...DEFAULTS, ...(context && context.config) };
  const problem = checkConfig(config);
  if (problem) return fail(problem);

  const vars = (context && context.vars) || {};
  const schema = vars[config.schemaVar];
  if (!isPresent(schema)) return fail(`the test has no var '${config.schemaVar}'`);
  const { names, references } = collectReferences(vars, config.referenceVar);
  if (references.length === 0) return fail(`the test has no var ${quoteNames(names)}`);

  const options = {};
  for (const [key, value] of Object.entries(config)) {
    if (!OWN_KEYS.has(key)) options[key] = value;
  }
  // A per-test variables var wins over a config-wide `variables`.
  if (isPresent(vars[config.variablesVar])) options.variables = vars[config.variablesVar];

  let candidate;
  if (typeof output === 'string') candidate = output;
  else if (output === undefined || output === null) candidate = '';
  else candidate = JSON.stringify(output);

  const reference = references.length === 1 ? references[0] : references;
  let result;
  try {
    result = loadGqleval().compare(schema, reference, candidate, options);
  } catch (err) {
    // Bad options (TypeError, RangeError) and a missing addon land here.
    return fail(err && err.message ? err.message : String(err));
  }
  return toGradingResult(result, config);
}

/**
 * A promptfoo assertion with `config` built in, for configs written in
 * JavaScript (`assert: [{type: 'javascript', value: createAssertion({...})}]`)
 * or direct use. The assertion's own `config:` block still wins, key by key.
 */
function createAssertion(config = {}) {
  return (output, context) => gqlevalAssertion(output, {
    ...context,
    config: { ...config, ...(context && context.config) },
  });
}

module.exports = gqlevalAssertion;
module.exports.gqlevalAssertion = gqlevalAssertion;
module.exports.createAssertion = createAssertion;
module.exports.formatReason = formatReason;
