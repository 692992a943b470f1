'use strict';
// gqleval for JavaScript: does a GraphQL query written by a language model ask
// for the same data as the ground-truth query?
//
// The package's API over the compiled addon (gqleval.node, js/src/): the same
// engine the `gqleval` command and the Python module run, never the command
// itself. A result is the members of a `gqleval score` result line, with the
// same names and values, parsed from the JSON text the library's own
// serializers write. Documentation: docs/javascript.md; types: index.d.ts.
//
// Errors: a bad option throws a TypeError (wrong type, unknown name) or a
// RangeError (a value out of range or not one of the choices), naming the
// option; a cell of the wrong type a TypeError naming the argument; an invalid
// schema or query is a verdict, never an exception.

const path = require('node:path');
const { createRequire } = require('node:module');

const addonPaths = require('./scripts/addon_paths.js');

const native = loadAddon();

// The addon: GQLEVAL_NODE_ADDON names one (the project's own build, its
// tests); else the one built from source into build/ (npm install from a
// checkout, or npm rebuild), else the prebuilt one of an npm tarball
// (prebuilds/<platform>-<arch>/). One that is there but does not load says
// why (the loader's message) and how to build it.
function loadAddon() {
  const named = process.env.GQLEVAL_NODE_ADDON;
  if (named) return require(path.resolve(named));
  const fs = require('node:fs');
  const candidates = [addonPaths.builtAddon(__dirname), addonPaths.prebuiltAddon(__dirname)];
  const found = candidates.find((file) => fs.existsSync(file));
  if (found === undefined) {
    throw new Error(
      `gqleval: no addon for ${process.platform}-${process.arch}: neither ${candidates[0]} nor ` +
        `${candidates[1]} exists. ${addonPaths.howToBuild(__dirname)}`,
    );
  }
  try {
    return require(found);
  } catch (error) {
    throw new Error(
      `gqleval: the addon ${found} does not load here: ${error && error.message}. ` +
        addonPaths.howToBuild(__dirname),
    );
  }
}

// Options -------------------------------------------------------------------

// The options of a call, beside the engine's (the command's flags in
// camelCase, read and checked by the engine: engine/rows): `variables`,
// a coverage row's `required` and `excluded` lists, and `threads`, and which
// calls take them.
const CALL_OPTIONS = ['variables', 'required', 'excluded', 'threads'];

function typeName(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an Array';
  return typeof value;
}

// Splits `options` into the engine's (undefined members left out) and the
// call's (`variables` as its JSON text, or null); `calls` names the call
// options the caller takes, `engine` whether it takes the engine's.
function readOptions(options, { calls, engine: takesEngine }, where) {
  const engine = {};
  const call = {};
  if (options === undefined || options === null) return { engine, call };
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${where}: options must be an object, not ${typeName(options)}`);
  }
  for (const key of Object.keys(options)) {
    const value = options[key];
    const isCall = CALL_OPTIONS.includes(key);
    if (isCall ? !calls.includes(key) : !takesEngine) {
      throw new TypeError(`${where} does not take the option ${key}`);
    }
    if (value === undefined) continue;
    if (!isCall) engine[key] = value;
    else if (key === 'variables') call[key] = variablesText(value, key);
    else if (key === 'threads') call[key] = value;
    else call[key] = coordinatesText(value, key);
  }
  return { engine, call };
}

// The addon's engine of `options`: the same object for the same options, so
// its built schemas and the schema of its last score() are kept between
// calls (engineFor, engine/rows' cache of engines).
const NO_SCHEMA = Symbol('no schema');
let defaultEngine = null;

function engineFor(options) {
  const keys = Object.keys(options);
  if (keys.length === 0) return (defaultEngine ||= native.engineFor({}));
  return native.engineFor(options, keys);
}

// Scores one pair on `engine` (`call`: its variables and lists): a caller that
// gives the same schema again (the same string or object) has it neither
// copied nor looked up again.
function scoreWith(engine, schema, reference, candidate, call) {
  const { variables = null, required = null, excluded = null } = call;
  if (schema === engine.lastSchema) {
    return JSON.parse(engine.scoreSameSchema(reference, answerText(candidate, 'candidate'),
      variables, required, excluded));
  }
  // Unset first: a call that throws may have replaced the addon's schema.
  engine.lastSchema = NO_SCHEMA;
  const text = engine.score(schemaText(schema, 'schema'), reference,
    answerText(candidate, 'candidate'), variables, required, excluded);
  engine.lastSchema = schema;
  return JSON.parse(text);
}

// Cells ----------------------------------------------------------------------

// A variables cell: null or undefined (none), JSON text, or an object
// (serialized here).
function variablesText(value, name) {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && !Array.isArray(value)) return JSON.stringify(value);
  throw new TypeError(`${name} must be an object, JSON text or null, not ${typeName(value)}`);
}

// An answer (a candidate): a string, null or undefined, or an Array of query
// texts (an agent's several queries), written as the JSON array the engine
// reads with answer: "all".
function answerText(value, name) {
  if (typeof value === 'string' || value === undefined || value === null) return value;
  if (Array.isArray(value)) return JSON.stringify(value);
  throw new TypeError(
    `${name} must be a string, an Array of query texts, null or undefined, not ${typeName(value)}`);
}

// A coverage row's list of schema coordinates: null or undefined (none), an
// Array of strings (written as JSON), or text (JSON, or one a line).
function coordinatesText(value, name) {
  if (value === undefined || value === null || typeof value === 'string') return value ?? null;
  if (Array.isArray(value) && value.every((c) => typeof c === 'string')) return JSON.stringify(value);
  throw new TypeError(`${name} must be an Array of strings, a string or null, not ${typeName(value)}`);
}

// Schemas given as objects, turned into text once per object.
const schemaTexts = new WeakMap();

function isGraphQLSchema(value) {
  return (
    typeof value.getQueryType === 'function' &&
    typeof value.getTypeMap === 'function' &&
    typeof value.getDirectives === 'function'
  );
}

// graphql-js to print a GraphQLSchema: the copy already loaded (the one that
// most likely made the schema: another copy's printSchema may not recognize
// its types), else the caller's project's (from the working folder or the
// main module), else one this package can resolve.
function loadGraphql() {
  const loaded = Object.keys(require.cache).find((file) =>
    /[\\/]node_modules[\\/]graphql[\\/]index\.js$/.test(file));
  if (loaded !== undefined) return require(loaded);
  const from = [path.join(process.cwd(), 'package.json')];
  if (require.main && require.main.filename) from.push(require.main.filename);
  for (const file of from) {
    try {
      return createRequire(file)('graphql');
    } catch {
      // not there: the next place
    }
  }
  try {
    return require('graphql');
  } catch {
    return null;
  }
}

// A schema cell: SDL or introspection JSON text, an introspection result
// object ({__schema} or {data: {__schema}}), or a graphql-js GraphQLSchema
// (printed as SDL with graphql-js's printSchema).
function schemaText(value, name) {
  if (typeof value === 'string' || value === undefined || value === null) return value;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(
      `${name} must be SDL, introspection JSON (text or object) or a GraphQLSchema, ` +
        `not ${typeName(value)}`,
    );
  }
  let text = schemaTexts.get(value);
  if (text !== undefined) return text;
  if (isGraphQLSchema(value)) {
    const graphql = loadGraphql();
    if (graphql === null) {
      throw new TypeError(`${name} is a GraphQLSchema, and printing it needs graphql-js: ` +
        'npm install graphql');
    }
    text = graphql.printSchema(value);
  } else {
    text = JSON.stringify(value);
  }
  schemaTexts.set(value, text);
  return text;
}

// The API --------------------------------------------------------------------

const SCORER = { calls: ['variables', 'threads'], engine: true };
const COMPARE = { calls: ['variables', 'required', 'excluded'], engine: true };
const COMPARE_ONLY = { calls: COMPARE.calls, engine: false };
const BATCH = { calls: ['threads'], engine: true };
const ENGINE_ONLY = { calls: [], engine: true };
// Rows a chunk of scoreBatch takes: the native text of a chunk in flight
// stays small (about 300 bytes a row), and the next chunk is scored while
// this one is parsed.
const CHUNK_ROWS = 32768;

class Scorer {
  #engine;
  #variables;
  #threads;
  #options;

  // options: the engine's, and defaults for the calls (variables, threads).
  constructor(options) {
    const { engine, call } = readOptions(options, SCORER, 'Scorer');
    this.#engine = engineFor(engine);
    this.#variables = call.variables ?? null;
    // Checked now, as the engine reads it: a bad value fails here.
    this.#threads = call.threads === undefined ? undefined : native.readThreads(call.threads);
    // As given (variables as the caller wrote them), undefined members left out.
    this.#options = Object.freeze(Object.fromEntries(
      Object.entries(options ?? {}).filter(([, value]) => value !== undefined)));
  }

  // The options the Scorer was made with (frozen).
  get options() {
    return this.#options;
  }

  compare(schema, reference, candidate, options) {
    const { call } = readOptions(options, COMPARE_ONLY, 'compare');
    return scoreWith(this.#engine, schema, reference, candidate,
      { variables: this.#variables, ...call });
  }

  validate(schema, query) {
    return JSON.parse(this.#engine.validate(schemaText(schema, 'schema'), query));
  }

  derivedRules(schema) {
    return JSON.parse(this.#engine.derivedRules(schemaText(schema, 'schema')));
  }

  async scoreBatch(rows, options) {
    let threads = this.#threads;
    if (options !== undefined) {
      const { call } = readOptions(options, { calls: ['threads'], engine: false }, 'scoreBatch');
      if (call.threads !== undefined) threads = call.threads;
    }
    return scoreRows(this.#engine, rows, threads, this.#variables);
  }
}

// The rows as the addon's columns (js/src/score_chunk.h), each cell checked.
function columnsOf(rows, defaultVariables) {
  if (!Array.isArray(rows)) throw new TypeError(`rows must be an Array, not ${typeName(rows)}`);
  const n = rows.length;
  const schemas = [];
  const schemaSlots = new Map();
  const schemaIndex = new Uint32Array(n);
  const references = [];
  const referenceBegin = new Uint32Array(n + 1);
  const candidates = new Array(n);
  let variables = null;
  let ids = null;
  const lists = { required: null, excluded: null };
  const cell = (value, name) => {
    if (typeof value === 'string' || value === undefined || value === null) return value;
    throw new TypeError(`${name} must be a string, null or undefined, not ${typeName(value)}`);
  };
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    if (row === null || typeof row !== 'object') {
      throw new TypeError(`rows[${i}] must be an object, not ${typeName(row)}`);
    }
    const schema = schemaText(row.schema, `rows[${i}].schema`);
    let slot = schemaSlots.get(schema);
    if (slot === undefined) {
      slot = schemas.length;
      schemas.push(schema);
      schemaSlots.set(schema, slot);
    }
    schemaIndex[i] = slot;
    const reference = row.reference;
    if (Array.isArray(reference)) {
      for (let k = 0; k < reference.length; k++) {
        references.push(cell(reference[k], `rows[${i}].reference[${k}]`));
      }
    } else {
      references.push(cell(reference, `rows[${i}].reference`));
    }
    referenceBegin[i + 1] = references.length;
    candidates[i] = answerText(row.candidate, `rows[${i}].candidate`);
    const v = row.variables === undefined || row.variables === null
      ? defaultVariables
      : variablesText(row.variables, `rows[${i}].variables`);
    if (v !== null) {
      if (variables === null) variables = new Array(n).fill(null);
      variables[i] = v;
    }
    for (const key of ['required', 'excluded']) {
      const list = coordinatesText(row[key], `rows[${i}].${key}`);
      if (list === null) continue;
      if (lists[key] === null) lists[key] = new Array(n).fill(null);
      lists[key][i] = list;
    }
    const id = row.id;
    if (id !== undefined && id !== null) {
      if (typeof id !== 'string' && !(typeof id === 'number' && Number.isFinite(id))) {
        throw new TypeError(`rows[${i}].id must be a string or a finite number, not ${typeName(id)}`);
      }
      if (ids === null) ids = new Array(n).fill(null);
      ids[i] = id;
    }
  }
  return { schemas, schemaIndex, references, referenceBegin, candidates, variables, ids,
    ...lists };
}

async function scoreRows(engine, rows, threads, defaultVariables) {
  const columns = columnsOf(rows, defaultVariables);
  const n = columns.candidates.length;
  const out = new Array(n);
  const chunk = (first) => engine.scoreChunk(columns, first, Math.min(CHUNK_ROWS, n - first), threads);
  // A table of no rows is still checked: one chunk of none.
  let pending = chunk(0);
  for (let first = 0; ; first += CHUNK_ROWS) {
    const text = await pending;
    pending = first + CHUNK_ROWS < n ? chunk(first + CHUNK_ROWS) : null;
    const results = JSON.parse(text);
    for (let i = 0; i < results.length; i++) out[first + i] = results[i];
    if (pending === null) break;
  }
  return out;
}

// One pair: the members of a `gqleval score` result line. `reference` may be
// an array (several references; the best match counts). options: the
// engine's (mode, delta, ruleSet, rules, ...) and variables.
function compare(schema, reference, candidate, options) {
  const { engine, call } = readOptions(options, COMPARE, 'compare');
  return scoreWith(engineFor(engine), schema, reference, candidate, call);
}

// Rows {schema, reference, candidate, variables?, id?, required?, excluded?}
// (the lists: a coverage row's) on the batch engine's
// threads, off the JavaScript thread: a Promise of the results in row order.
async function scoreBatch(rows, options) {
  const { engine, call } = readOptions(options, BATCH, 'scoreBatch');
  return scoreRows(engineFor(engine), rows, call.threads, null);
}

// `query` validated against `schema` as a GraphQL server would:
// {valid, errors: [{query, rule, message, line, column}]}.
function validate(schema, query, options) {
  const { engine } = readOptions(options, ENGINE_ONLY, 'validate');
  return JSON.parse(engineFor(engine).validate(schemaText(schema, 'schema'), query));
}

// The rewrite rules gqleval derives from `schema`'s names, as a rules file
// (an object); an Error when the schema does not build.
function derivedRules(schema, options) {
  const { engine } = readOptions(options, ENGINE_ONLY, 'derivedRules');
  return JSON.parse(engineFor(engine).derivedRules(schemaText(schema, 'schema')));
}

// Files ------------------------------------------------------------------------

// `gqleval score PATH` on the batch engine, off the JavaScript thread: a
// Promise of the summary the command writes with --summary (summaryFormat
// "lm-eval": lm-evaluation-harness's layout), with a member gatesMet (false
// when a failUnder gate is not met). options: the command's flags in
// camelCase (out: the results file; none kept without it). A bad option
// throws at once; a run that fails rejects (error.code "IO" or "Usage").
function scoreFile(path, options) {
  return native.scoreFile(path, options).then((text) => {
    const { summary, gatesMet } = JSON.parse(text);
    summary.gatesMet = gatesMet;
    return summary;
  });
}

// Summaries ----------------------------------------------------------------------

const RESULT_FIELDS = Object.freeze(native.resultMembers('equivalence'));
const SUBSET_RESULT_FIELDS = Object.freeze(native.resultMembers('subset'));
const COVERAGE_RESULT_FIELDS = Object.freeze(native.resultMembers('coverage'));
// The members of summary(): those of a --summary file that depend on the rows
// alone (meanF1 members in equivalence mode, meanScore members in subset mode).
const SUMMARY_FIELDS = Object.freeze(['results_version', 'mode', 'rows', 'compared', 'verdicts',
  'pass', 'pass_rate', 'pass_rate_stderr', 'mean_f1', 'mean_f1_stderr', 'mean_score',
  'mean_score_stderr', 'mean_recall', 'mean_recall_stderr']);

// The summary counts of results (of options.mode, default: the results' own,
// by their members): {mode, outcomes, millionths, squares (a BigInt)}. Counts
// of parts add up to the counts of the whole (mergeCounts), exactly.
function counts(results, options) {
  if (!Array.isArray(results)) {
    throw new TypeError(`results must be an Array, not ${typeName(results)}`);
  }
  // By the members: a subset result has a score, a coverage result a
  // covered_count, an equivalence result an f1.
  const first = results[0] ?? {};
  const mode = options?.mode ?? ('covered_count' in first ? 'coverage'
    : ('score' in first ? 'subset' : 'equivalence'));
  const graded = { equivalence: 'f1', subset: 'score', coverage: 'recall' }[mode] ?? 'f1';
  const verdicts = results.map((r) => r.verdict);
  const values = results.map((r) => r[graded] ?? 0);
  return { mode, ...native.countRows(mode, verdicts, values) };
}

// The sum of several counts() of one mode.
function mergeCounts(parts) {
  let total = null;
  for (const c of parts) {
    if (total === null) {
      total = { ...c, outcomes: [...c.outcomes] };
      continue;
    }
    if (c.mode !== total.mode) {
      throw new RangeError(`mergeCounts: counts of mode "${c.mode}" and of "${total.mode}"`);
    }
    c.outcomes.forEach((n, k) => { total.outcomes[k] += n; });
    total.millionths += c.millionths;
    total.squares += c.squares;
  }
  return total ?? counts([]);
}

function summaryOfCounts(c) {
  const full = JSON.parse(native.summaryOfCounts(c.mode, c.outcomes, c.millionths, c.squares));
  return Object.fromEntries(SUMMARY_FIELDS.filter((k) => k in full).map((k) => [k, full[k]]));
}

// The summary of results, as `gqleval score --summary` computes it.
function summary(results, options) {
  return summaryOfCounts(counts(results, options));
}

module.exports = {
  compare,
  scoreBatch,
  scoreFile,
  validate,
  derivedRules,
  counts,
  mergeCounts,
  summaryOfCounts,
  summary,
  Scorer,
  RESULT_FIELDS,
  SUBSET_RESULT_FIELDS,
  COVERAGE_RESULT_FIELDS,
  SUMMARY_FIELDS,
  version: native.version,
  DEFAULT_MAX_FIELD_BYTES: native.DEFAULT_MAX_FIELD_BYTES,
};
