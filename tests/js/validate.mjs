// graphql-js's verdict on GraphQL documents, as the reference for gqleval's validator.
//
// Input (stdin): JSON Lines, one object per line:
//   {"id": any, "schema": "<SDL text>", "query": "<document>", "operationName": "<optional>"}
// Output (stdout): one JSON line per input line, in input order:
//   {"id": ..., "valid": true|false, "stage": "...", "errors": [{"message", "locations"}]}
// Any other input field (not schema, query or operationName) is copied to the output
// after these, so a caller can carry its own row metadata (e.g. a hash of the query).
// where `stage` says which step failed ("ok" when the document is valid):
//   "schema"     buildSchema threw, or validateSchema found errors (the schema's errors);
//   "syntax"     parse threw (one error, with its location);
//   "validation" validate(schema, document, specifiedRules) returned errors;
//   "operation"  the document passed validation but graphql-js's execute() would refuse it:
//                several operations and no operationName ("Must provide operation name if
//                query contains multiple operations."), no operation at all, an unknown
//                operationName, or a root operation type the schema does not define
//                ("Schema is not configured to execute mutation operation.").
// `locations` are graphql-js's 1-based {line, column} pairs ([] when it gives none).
//
// Each distinct schema text is built and checked once. Nothing is executed: the
// "operation" checks replicate what graphql-js's execute()/subscribe() check before
// they resolve anything (buildExecutionContext and executeOperation).
//
// Usage: node validate.mjs < input.jsonl > verdicts.jsonl
import { createInterface } from 'node:readline';

import { GraphQLError, parse, specifiedRules, validate } from 'graphql';

import { buildSchemaChecked, errorJson } from './graphql_schema.mjs';

const schemaCache = new Map();

// {schema} or {errors}: what buildSchema + validateSchema say about an SDL text.
function loadSchema(sdl) {
  let entry = schemaCache.get(sdl);
  if (entry !== undefined) return entry;
  const built = buildSchemaChecked(sdl);
  if (built.buildErrors) entry = { errors: built.buildErrors };
  else if (built.schemaErrors.length > 0) entry = { errors: built.schemaErrors };
  else entry = { schema: built.schema };
  schemaCache.set(sdl, entry);
  return entry;
}

// The errors graphql-js's execute() raises before resolving: the operation must be
// chosen unambiguously and its root type must exist.
function operationErrors(schema, document, operationName) {
  let operation;
  for (const definition of document.definitions) {
    if (definition.kind !== 'OperationDefinition') continue;
    if (operationName == null) {
      if (operation !== undefined) {
        return [new GraphQLError('Must provide operation name if query contains multiple operations.')];
      }
      operation = definition;
    } else if (definition.name?.value === operationName) {
      operation = definition;
    }
  }
  if (operation === undefined) {
    return [
      new GraphQLError(
        operationName != null ? `Unknown operation named "${operationName}".` : 'Must provide an operation.',
      ),
    ];
  }
  if (schema.getRootType(operation.operation) == null) {
    return [
      new GraphQLError(`Schema is not configured to execute ${operation.operation} operation.`, {
        nodes: operation,
      }),
    ];
  }
  return [];
}

function verdict(input) {
  const built = loadSchema(input.schema);
  if (built.errors) return { stage: 'schema', errors: built.errors };
  let document;
  try {
    document = parse(input.query);
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    return { stage: 'syntax', errors: [errorJson(error)] };
  }
  const errors = validate(built.schema, document, specifiedRules);
  if (errors.length > 0) return { stage: 'validation', errors: errors.map(errorJson) };
  const refused = operationErrors(built.schema, document, input.operationName);
  if (refused.length > 0) return { stage: 'operation', errors: refused.map(errorJson) };
  return { stage: 'ok', errors: [] };
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === '') continue;
  const input = JSON.parse(line);
  const { stage, errors } = verdict(input);
  const { id, schema, query, operationName, ...extra } = input;
  process.stdout.write(JSON.stringify({ id, valid: stage === 'ok', stage, errors, ...extra }) + '\n');
}
