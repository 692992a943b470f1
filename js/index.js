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

const native = loadAddon();

// The addon: GQLEVAL_NODE_ADDON names one (the project's own build, its
// tests), else the one `npm install` built into build/.
function loadAddon() {
  const named = process.env.GQLEVAL_NODE_ADDON;
  if (named) return require(path.resolve(named));
  const built = path.join(__dirname, 'build', 'gqleval.node');
  try {
    return require(built);
  } catch (error) {
    if (error && error.code !== 'MODULE_NOT_FOUND') throw error;
    throw new Error(
      `gqleval: the addon is not built (${built} is missing). Run \`npm run build\` in ` +
        `${__dirname} (it needs cmake, a C++20 compiler and the packages of ` +
        'scripts/install-deps.sh), or set GQLEVAL_NODE_ADDON to a built gqleval.node.',
    );
  }
}

// Options -------------------------------------------------------------------

// The options the engine is made with (the command's flags in camelCase),
// and those given per call.
const ENGINE_OPTIONS = [
  'delta',
  'ruleSet',
  'rules',
  'mode',
  'extract',
  'ignoreTypename',
  'variablesByName',
  'strictSchema',
  'operation',
  'maxFieldBytes',
  'schemaCacheBytes',
];
const CALL_OPTIONS = ['variables', 'threads'];
const MAX_UINT32 = 4294967295;

function typeName(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an Array';
  return typeof value;
}

function checkString(name, value) {
  if (typeof value !== 'string') {
    throw new TypeError(`${name} must be a string, not ${typeName(value)}`);
  }
}

function checkBoolean(name, value) {
  if (typeof value !== 'boolean') {
    throw new TypeError(`${name} must be a boolean, not ${typeName(value)}`);
  }
}

function checkCount(name, value, min, max) {
  if (typeof value !== 'number') {
    throw new TypeError(`${name} must be a number, not ${typeName(value)}`);
  }
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}, not ${value}`);
  }
}

const CHECKS = {
  delta: (v) => checkCount('delta', v, 0, MAX_UINT32),
  ruleSet: (v) => checkString('ruleSet', v),
  rules: (v) => checkString('rules', v),
  mode: (v) => {
    checkString('mode', v);
    if (v !== 'equivalence' && v !== 'subset') {
      throw new RangeError(`mode must be "equivalence" or "subset", not ${JSON.stringify(v)}`);
    }
  },
  extract: (v) => checkBoolean('extract', v),
  ignoreTypename: (v) => checkBoolean('ignoreTypename', v),
  variablesByName: (v) => checkBoolean('variablesByName', v),
  strictSchema: (v) => checkBoolean('strictSchema', v),
  operation: (v) => checkString('operation', v),
  maxFieldBytes: (v) => checkCount('maxFieldBytes', v, 0, Number.MAX_SAFE_INTEGER),
  schemaCacheBytes: (v) => checkCount('schemaCacheBytes', v, 0, Number.MAX_SAFE_INTEGER),
  threads: (v) => checkCount('threads', v, 1, 4096),
  variables: (v) => variablesText(v, 'variables'),
};

// Splits `options` into the engine's (checked, undefined members left out)
// and the call's, `variables` there as its JSON text (or null); `allowed`
// names what the caller takes.
function readOptions(options, allowed, where) {
  const engine = {};
  const call = {};
  if (options === undefined || options === null) return { engine, call };
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${where}: options must be an object, not ${typeName(options)}`);
  }
  for (const key of Object.keys(options)) {
    const value = options[key];
    if (!allowed.includes(key)) {
      const known = ENGINE_OPTIONS.includes(key) || CALL_OPTIONS.includes(key);
      throw new TypeError(
        known
          ? `${where} does not take the option ${key}`
          : `${where}: unknown option ${JSON.stringify(key)} (options: ${allowed.join(', ')})`,
      );
    }
    if (value === undefined) continue;
    const text = CHECKS[key](value);  // variables' JSON text; the others give none
    (ENGINE_OPTIONS.includes(key) ? engine : call)[key] = key === 'variables' ? text : value;
  }
  return { engine, call };
}

// The addon's engine, and the schema of its last score(): a caller that gives
// the same schema again (the same string or object) has it neither copied
// nor looked up again.
const NO_SCHEMA = Symbol('no schema');

class Engine {
  constructor(options) {
    this.native = new native.Engine(options);
    this.lastSchema = NO_SCHEMA;
  }

  score(schema, reference, candidate, variables) {
    if (schema === this.lastSchema) {
      return JSON.parse(this.native.scoreSameSchema(reference, candidate, variables));
    }
    // Unset first: a call that throws may have replaced the addon's schema.
    this.lastSchema = NO_SCHEMA;
    const text = this.native.score(schemaText(schema, 'schema'), reference, candidate, variables);
    this.lastSchema = schema;
    return JSON.parse(text);
  }
}

// Engines by their options, so that compare() and scoreBatch() keep their
// built schemas between calls (a few kinds of options at a time).
const engines = new Map();
const MAX_ENGINES = 16;
let defaultEngine = null;

function engineFor(options) {
  const key = JSON.stringify(ENGINE_OPTIONS.map((k) => options[k]));
  let engine = engines.get(key);
  if (engine === undefined) {
    engine = new Engine(options);
    if (engines.size >= MAX_ENGINES) engines.delete(engines.keys().next().value);
  } else {
    engines.delete(key);  // moved to the back: the most recently used
  }
  engines.set(key, engine);
  return engine;
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

const SCORER_OPTIONS = ENGINE_OPTIONS.concat(CALL_OPTIONS);
const COMPARE_CALL = ['variables'];
const BATCH_CALL = ['threads'];
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
    const { engine, call } = readOptions(options, SCORER_OPTIONS, 'Scorer');
    this.#engine = new Engine(engine);
    this.#variables = call.variables ?? null;
    this.#threads = call.threads ?? 0;
    // As given (variables as the caller wrote them), undefined members left out.
    this.#options = Object.freeze(Object.fromEntries(
      Object.entries(options ?? {}).filter(([, value]) => value !== undefined)));
  }

  // The options the Scorer was made with (frozen).
  get options() {
    return this.#options;
  }

  compare(schema, reference, candidate, options) {
    let variables = this.#variables;
    if (options !== undefined) {
      const { call } = readOptions(options, COMPARE_CALL, 'compare');
      if ('variables' in call) variables = call.variables;
    }
    return this.#engine.score(schema, reference, candidate, variables);
  }

  validate(schema, query) {
    return JSON.parse(this.#engine.native.validate(schemaText(schema, 'schema'), query));
  }

  derivedRules(schema) {
    return JSON.parse(this.#engine.native.derivedRules(schemaText(schema, 'schema')));
  }

  async scoreBatch(rows, options) {
    let threads = this.#threads;
    if (options !== undefined) {
      const { call } = readOptions(options, BATCH_CALL, 'scoreBatch');
      if (call.threads !== undefined) threads = call.threads;
    }
    return scoreRows(this.#engine.native, rows, threads, this.#variables);
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
      if (reference.length === 0) {
        throw new RangeError(`rows[${i}].reference is an empty array: give at least one reference`);
      }
      for (let k = 0; k < reference.length; k++) {
        references.push(cell(reference[k], `rows[${i}].reference[${k}]`));
      }
    } else {
      references.push(cell(reference, `rows[${i}].reference`));
    }
    referenceBegin[i + 1] = references.length;
    candidates[i] = cell(row.candidate, `rows[${i}].candidate`);
    const v = row.variables === undefined || row.variables === null
      ? defaultVariables
      : variablesText(row.variables, `rows[${i}].variables`);
    if (v !== null) {
      if (variables === null) variables = new Array(n).fill(null);
      variables[i] = v;
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
  return { schemas, schemaIndex, references, referenceBegin, candidates, variables, ids };
}

async function scoreRows(engine, rows, threads, defaultVariables) {
  const columns = columnsOf(rows, defaultVariables);
  const n = columns.candidates.length;
  const out = new Array(n);
  const chunk = (first) => engine.scoreChunk(columns, first, Math.min(CHUNK_ROWS, n - first), threads);
  let pending = n > 0 ? chunk(0) : null;
  for (let first = 0; first < n; first += CHUNK_ROWS) {
    const text = await pending;
    pending = first + CHUNK_ROWS < n ? chunk(first + CHUNK_ROWS) : null;
    const results = JSON.parse(text);
    for (let i = 0; i < results.length; i++) out[first + i] = results[i];
  }
  return out;
}

// One pair: the members of a `gqleval score` result line. `reference` may be
// an array (several references; the best match counts). options: the
// engine's (delta, ruleSet, rules, mode, ...) and variables.
function compare(schema, reference, candidate, options) {
  if (options === undefined) {
    defaultEngine ||= engineFor({});
    return defaultEngine.score(schema, reference, candidate, null);
  }
  const { engine, call } = readOptions(options, ENGINE_OPTIONS.concat(COMPARE_CALL), 'compare');
  const variables = call.variables ?? null;
  return engineFor(engine).score(schema, reference, candidate, variables);
}

// Rows {schema, reference, candidate, variables?, id?} on the batch engine's
// threads, off the JavaScript thread: a Promise of the results in row order.
async function scoreBatch(rows, options) {
  const { engine, call } = readOptions(options, ENGINE_OPTIONS.concat(BATCH_CALL), 'scoreBatch');
  return scoreRows(engineFor(engine).native, rows, call.threads === undefined ? 0 : call.threads,
    null);
}

// `query` validated against `schema` as a GraphQL server would:
// {valid, errors: [{query, rule, message, line, column}]}.
function validate(schema, query, options) {
  const { engine } = readOptions(options, ENGINE_OPTIONS, 'validate');
  return JSON.parse(engineFor(engine).native.validate(schemaText(schema, 'schema'), query));
}

// The rewrite rules gqleval derives from `schema`'s names, as a rules file
// (an object); an Error when the schema does not build.
function derivedRules(schema, options) {
  const { engine } = readOptions(options, ENGINE_OPTIONS, 'derivedRules');
  return JSON.parse(engineFor(engine).native.derivedRules(schemaText(schema, 'schema')));
}

module.exports = {
  compare,
  scoreBatch,
  validate,
  derivedRules,
  Scorer,
  version: native.version,
  DEFAULT_MAX_FIELD_BYTES: native.DEFAULT_MAX_FIELD_BYTES,
};
