// Runs GraphQL documents with graphql-js's execute() on seeded mock data and records
// every field the execution fetches: the data a query asks for, as a server sees it.
// tests/execution_check_test.py compares the records of the two queries of a pair
// with gqleval's verdict on it.
//
// JSON Lines in, one line out per line in, in order:
//   in:  {"id", "schema": SDL | "schema_file": PATH, "query", "variables"?: {...},
//         "operationName"?, "seeds": [N, ...], "bind_unbound"?: true | {"order": [names]},
//         "relations"?: [{"field": "A.f", "inverse": "B.g"}, ...] (below)}
//   out: {"id", "stage", "errors": [{message, locations}], "bound"?: [names],
//         "runs": [{"seed", "records": [...], "errors": [...], "variables"?,
//                   "overflow"?: true}]}
// `stage` says how far it got: `schema` (the SDL does not build or validate), `syntax`,
// `validation` (graphql-js's specifiedRules), `operation` (none, or several without a
// name), `unbound` (a variable with neither a value nor a default, without
// `bind_unbound`: graphql-js would leave the argument out where gqleval keeps a
// symbol), `introspection` (selects __schema or __type, whose children graphql-js
// resolves itself, unrecorded), or `ok`, when `runs` holds one run per seed. A run's
// `errors` are graphql-js's execution errors (variable coercion included); its records
// are those made before and around them. With `bind_unbound`, each variable that has
// neither a value nor a default gets one (sampleInput below: one value per type, or with
// `order`, one per variable), listed in `bound`, and each run gives the values it used.
//
// A record is one resolved field: "PARENT|Type.field|ARGS", where PARENT is the
// identity of the object the field was resolved on, Type.field the field's schema
// coordinate on the object's concrete type, and ARGS the coerced argument values
// (defaults filled in, as graphql-js passes them to a resolver) as JSON with sorted
// keys. __typename is a field too: it is recorded like any other (graphql-js resolves
// it with its own meta field definition, patched below to record).
//
// Mock data, deterministic from the seed and the route of each value:
//   - the root object's identity is "" (records of root fields start with "|");
//   - an object's identity is its route: the parent's identity, "/", the field's
//     coordinate and its arguments when it has any, and "[i]" for the i-th list item.
//     The same field with the same arguments on the same object has the same identity
//     and the same value, however it is reached in the document (aliases, fragments,
//     repeated selections); one object reached by two different fields, or one field
//     with other arguments, is another object;
//   - a nullable value is null about one time in seven; a list holds 0 to 3 items;
//   - an abstract type resolves to one of its possible types (sorted by name), chosen
//     by the object's identity; scalars and enums get seeded values (they do not
//     change what is fetched).
// Each run is capped at MAX_RECORDS records (`overflow`: the records are incomplete).
//
// Relations (optional input member `"relations": [{"field": "A.f", "inverse": "B.g"}]`):
// the true relations of the mock world, written by the test author for the schema (never
// taken from gqleval's derivation, which they check). Each says: a B reached from an A
// through A.f has that A as its B.g. A.f's type is B, [B] (any wrapping) or a Relay
// connection to B (`nodes: [B]`, or `edges: [E]` with `E.node: B`); B.g's type is A (an
// object type, to-one) and B.g takes no arguments; several relations may share A.f or
// B.g. Where one holds:
//   - B.g resolved on a B reached from an A through A.f (directly, as a list item, as a
//     connection's `nodes[i]` or as its `edges[i].node`) returns that very A object: its
//     fields make the same records as when asked at A. B.g itself is not recorded: it
//     returns an object the response already has, no new data (a record of it would
//     tell a query that walks back from one that asks at the parent, which is what the
//     cycles rule claims they do not differ by);
//   - the values on the way from A to its Bs (A.f, the connection's nodes and edges, an
//     edge's node) are never null and their lists hold 1 to 3 items: a back-reference
//     folded into its parent presumes a B to walk back from (with none, the walking
//     query would fetch nothing of A's where the folded one does).
// Everywhere else (a B reached from the root, through another field, or through the
// same field from another A) the mock is as above: B.g is an object of its own.
import {
  GraphQLError,
  Kind,
  TypeNameMetaFieldDef,
  buildSchema,
  execute,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isRequiredInputField,
  parse,
  specifiedRules,
  typeFromAST,
  validate,
  validateSchema,
} from 'graphql';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const MAX_RECORDS = 100000;

// FNV-1a 32 over a string's UTF-16 code units.
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // MurmurHash3's finalizer, so that close strings (`[1]`, `[2]`) spread.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// JSON with object keys sorted, at any depth (graphql-js's coerced values are plain
// objects, arrays, strings, numbers, booleans and null).
function canonical(value) {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return '[' + value.map(canonical).join(',') + ']';
  const keys = Object.keys(value).sort();
  return '{' + keys.map((k) => JSON.stringify(k) + ':' + canonical(value[k])).join(',') + '}';
}

// graphql-js gives __typename its own resolver (TypeNameMetaFieldDef.resolve), so the
// fieldResolver below never sees it; record it here.
TypeNameMetaFieldDef.resolve = (source, _args, context, info) => {
  if (context && context.records) record(context, source, info, '{}');
  return info.parentType.name;
};

function record(context, source, info, argText) {
  const parent = source && typeof source.__route === 'string' ? source.__route : '?';
  const coordinate = `${info.parentType.name}.${info.fieldName}`;
  context.records.add(`${parent}|${coordinate}|${argText}`);
  if (context.records.size > MAX_RECORDS) context.overflow = true;
  return `${parent}/${coordinate}${argText === '{}' ? '' : argText}`;
}

// `reach` (relations only): the value is on the way from an A to its Bs, {mark, via}:
// it is never null, its lists are never empty, and its objects carry `via` (the A and
// A.f) under `mark`: `__item` on a B, `__connection` on a connection, `__edge` on an edge.
function mockValue(type, route, context, nullable = true, reach = undefined) {
  if (isNonNullType(type)) return mockValue(type.ofType, route, context, false, reach);
  const h = (salt) => hash(`${context.seed}|${route}|${salt}`);
  if (nullable && !reach && h('null') % 7 === 0) return null;
  if (isListType(type)) {
    if (context.overflow) return [];
    const length = reach ? 1 + (h('length') % 3) : h('length') % 4;
    const items = [];
    for (let i = 0; i < length; i++) {
      items.push(mockValue(type.ofType, `${route}[${i}]`, context, true, reach));
    }
    return items;
  }
  if (isObjectType(type) || isAbstractType(type)) {
    return reach ? { __route: route, [reach.mark]: reach.via } : { __route: route };
  }
  if (isEnumType(type)) {
    const values = type.getValues();
    return values.length ? values[h('enum') % values.length].value : null;
  }
  switch (type.name) {
    case 'Int':
      return h('v') % 1000;
    case 'Float':
      return (h('v') % 100000) / 100;
    case 'Boolean':
      return h('v') % 2 === 0;
    case 'String':
    case 'ID':
      return `v${h('v').toString(36)}`;
    default:
      return `v${h('v').toString(36)}`; // a custom scalar: graphql-js serializes it as is
  }
}

// Past MAX_RECORDS (`overflow`), lists come back empty so the run ends soon; the run
// is reported with `overflow` and not compared.
function fieldResolver(source, args, context, info) {
  const relations = context.relations;
  const coordinate = `${info.parentType.name}.${info.fieldName}`;
  if (relations && source && source.__item) {
    const inverses = relations.get(source.__item.coordinate).inverses;
    if (inverses.has(coordinate)) return source.__item.parent; // the A it was reached from
  }
  const route = record(context, source, info, canonical(args));
  const reach = relations ? reachOf(source, coordinate, info, relations) : undefined;
  return mockValue(info.returnType, route, context, true, reach);
}

// Whether the value of `coordinate` on `source` is on the way from an A to its Bs
// through a relation's A.f (mockValue's `reach`): A.f itself (its Bs, or its
// connection), a connection's `nodes` (its Bs) and `edges`, an edge's `node` (its B).
// The connection's other fields (pageInfo, totalCount, cursor) are on no way.
function reachOf(source, coordinate, info, relations) {
  const relation = relations.get(coordinate);
  if (relation) {
    const via = { coordinate, parent: source };
    const mark = namedType(info.returnType).name === relation.target ? '__item' : '__connection';
    return { mark, via };
  }
  if (source && source.__connection && info.fieldName === 'nodes') {
    return { mark: '__item', via: source.__connection };
  }
  if (source && source.__connection && info.fieldName === 'edges') {
    return { mark: '__edge', via: source.__connection };
  }
  if (source && source.__edge && info.fieldName === 'node') {
    return { mark: '__item', via: source.__edge };
  }
  return undefined;
}

function namedType(type) {
  while (isNonNullType(type) || isListType(type)) type = type.ofType;
  return type;
}

function nullable(type) {
  return isNonNullType(type) ? type.ofType : type;
}

function objectField(schema, coordinate) {
  const [typeName, fieldName, extra] = coordinate.split('.');
  const type = schema.getType(typeName ?? '');
  const field = extra === undefined && isObjectType(type) ? type.getFields()[fieldName] : undefined;
  if (!field) throw new Error(`relations: ${coordinate} is no field of an object type`);
  return { type, field };
}

// Whether `type` is a Relay connection to the object type `target`: `nodes: [target]`,
// or `edges: [E]` with `E.node: target`.
function isConnectionTo(type, target) {
  if (!isObjectType(type)) return false;
  const fields = type.getFields();
  const nodes = fields.nodes && fields.nodes.type;
  if (nodes && namedType(nodes) === target && isListType(nullable(nodes))) return true;
  const edges = fields.edges && namedType(fields.edges.type);
  const node = isObjectType(edges) && edges.getFields().node;
  return Boolean(node && namedType(node.type) === target && !isListType(nullable(node.type)));
}

// The input's relations checked against the schema: A.f -> {target: B's name,
// inverses: Set of "B.g"}. A relation that does not fit (see the header) throws: it is
// the test author's mistake, not a finding.
function relationsFor(list, schema) {
  const out = new Map();
  for (const { field, inverse } of list) {
    const forward = objectField(schema, field);
    const back = objectField(schema, inverse);
    const b = back.type;
    const t = forward.field.type;
    if (!(namedType(t) === b || isConnectionTo(namedType(t), b))) {
      throw new Error(`relations: ${field} is no way to ${b.name} (${b.name}, a list, a connection)`);
    }
    const g = nullable(back.field.type);
    if (g !== forward.type || back.field.args.length) {
      throw new Error(`relations: ${inverse} is not a to-one field of type ${forward.type.name} without arguments`);
    }
    if (!out.has(field)) out.set(field, { target: b.name, inverses: new Set() });
    if (out.get(field).target !== b.name) throw new Error(`relations: ${field} leads to two types`);
    out.get(field).inverses.add(inverse);
  }
  return out;
}

function typeResolver(value, context, info, abstractType) {
  const possible = info.schema
    .getPossibleTypes(abstractType)
    .map((t) => t.name)
    .sort();
  if (possible.length === 0) return undefined; // graphql-js reports the error
  const route = value && typeof value.__route === 'string' ? value.__route : '?';
  return possible[hash(`${context.seed}|${route}|type`) % possible.length];
}

// A value for a variable that has none (with `bind_unbound`). Without an index `k`: a
// function of the seed and the variable's type only, so that every variable of one type
// gets the same value; two queries that are equal up to a renaming of their variables
// stay equal under it, whatever renaming gqleval matched them by. With `bind_unbound:
// {order: [names]}`, the variable at index k of `order` gets the k-th value of its type
// instead (distinct values for Int, Float, ID, String and custom scalars; enums and
// Booleans have few), so that a caller can try the renamings one by one. Non-null does
// not change the value; input objects get their required fields only.
function sampleInput(type, seed, k = undefined, depth = 0) {
  if (isNonNullType(type)) return sampleInput(type.ofType, seed, k, depth);
  if (isListType(type)) return [sampleInput(type.ofType, seed, k, depth)];
  if (isEnumType(type)) {
    const names = type.getValues().map((v) => v.name).sort();
    return names[(seed + (k ?? 0)) % names.length];
  }
  if (isInputObjectType(type)) {
    const value = {};
    if (depth > 8) return value;
    const fields = Object.values(type.getFields()).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const field of fields) {
      if (isRequiredInputField(field)) {
        value[field.name] = sampleInput(field.type, seed, k, depth + 1);
      }
    }
    return value;
  }
  const n = k === undefined ? seed : 1000 * seed + k + 1;
  switch (type.name) {
    case 'Int':
      return n;
    case 'Float':
      return n + 0.5;
    case 'Boolean':
      return k === undefined ? seed % 2 === 1 : hash(`${seed}|${k}|bool`) % 2 === 1;
    case 'ID':
      return String(n);
    default:
      return `s${n}`;
  }
}

function errorJson(error) {
  return {
    message: error.message,
    locations: (error.locations ?? []).map(({ line, column }) => ({ line, column })),
  };
}

const schemas = new Map(); // SDL text -> {schema} | {errors}

function schemaFor(sdl) {
  let entry = schemas.get(sdl);
  if (!entry) {
    try {
      const schema = buildSchema(sdl);
      const errors = validateSchema(schema);
      entry = errors.length ? { errors: errors.map(errorJson) } : { schema };
    } catch (error) {
      entry = { errors: [errorJson(error)] };
    }
    schemas.set(sdl, entry);
  }
  return entry;
}

const files = new Map();

function readSchemaFile(path) {
  if (!files.has(path)) files.set(path, readFileSync(path, 'utf8'));
  return files.get(path);
}

function operationOf(document, operationName) {
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (operationName) return operations.find((o) => o.name && o.name.value === operationName);
  return operations.length === 1 ? operations[0] : undefined;
}

function selectsIntrospection(document) {
  let found = false;
  const visit = (node) => {
    if (found || !node || typeof node !== 'object') return;
    const name = node.kind === Kind.FIELD ? node.name.value : null;
    if (name === '__schema' || name === '__type') {
      found = true;
      return;
    }
    if (node.selectionSet) node.selectionSet.selections.forEach(visit);
  };
  document.definitions.forEach(visit);
  return found;
}

function run(input) {
  const out = { id: input.id, stage: 'schema', errors: [], runs: [] };
  const sdl = input.schema ?? readSchemaFile(input.schema_file);
  const built = schemaFor(sdl);
  if (built.errors) {
    out.errors = built.errors;
    return out;
  }
  const schema = built.schema;
  let document;
  try {
    document = parse(input.query);
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    out.stage = 'syntax';
    out.errors = [errorJson(error)];
    return out;
  }
  const invalid = validate(schema, document, specifiedRules);
  if (invalid.length) {
    out.stage = 'validation';
    out.errors = invalid.map(errorJson);
    return out;
  }
  const operation = operationOf(document, input.operationName);
  if (!operation) {
    out.stage = 'operation';
    return out;
  }
  const given = input.variables ?? {};
  const unbound = (operation.variableDefinitions ?? []).filter(
    (v) => !v.defaultValue && !Object.prototype.hasOwnProperty.call(given, v.variable.name.value),
  );
  if (unbound.length && !input.bind_unbound) {
    out.stage = 'unbound';
    out.errors = unbound.map((v) => ({
      message: `$${v.variable.name.value} has no value`,
      locations: [],
    }));
    return out;
  }
  if (selectsIntrospection(document)) {
    out.stage = 'introspection';
    return out;
  }
  const relations = input.relations ? relationsFor(input.relations, schema) : undefined;
  out.stage = 'ok';
  if (unbound.length) out.bound = unbound.map((v) => v.variable.name.value);
  for (const seed of input.seeds ?? [1]) {
    const variables = { ...given };
    const order = input.bind_unbound && input.bind_unbound.order;
    for (const v of unbound) {
      const name = v.variable.name.value;
      const k = order ? order.indexOf(name) : -1;
      variables[name] = sampleInput(typeFromAST(schema, v.type), seed, k < 0 ? undefined : k);
    }
    const context = { seed, records: new Set(), overflow: false, relations };
    const result = execute({
      schema,
      document,
      rootValue: { __route: '' },
      contextValue: context,
      variableValues: variables,
      operationName: input.operationName,
      fieldResolver,
      typeResolver,
    });
    if (typeof result.then === 'function') throw new Error('execution returned a promise');
    const entry = {
      seed,
      records: [...context.records].sort(),
      errors: (result.errors ?? []).map(errorJson),
    };
    if (context.overflow) entry.overflow = true;
    if (unbound.length) entry.variables = variables;
    out.runs.push(entry);
  }
  return out;
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  const input = JSON.parse(line);
  let out;
  try {
    out = run(input);
  } catch (error) {
    const message = String(error && error.stack);
    out = { id: input.id, stage: 'crash', errors: [{ message, locations: [] }], runs: [] };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}
