// Types of the npm package `gqleval` (index.js). docs/javascript.md has the
// guide; docs/results.schema.json the members of a result line.

/** A schema: SDL text, introspection JSON (text, or the object a server
 * answers, `{__schema}` or `{data: {__schema}}`), or a graphql-js
 * `GraphQLSchema` (printed with graphql-js's `printSchema`). `null` or
 * `undefined` is an empty cell (an `invalid_schema` verdict). */
export type SchemaInput = string | object | null | undefined;

/** A query cell: a query, or the model's text around one (found in prose or
 * a fenced block unless `extract: false`); `null`/`undefined`: an empty cell. */
export type Cell = string | null | undefined;

/** One reference, or several (the best match counts; `matched_reference`
 * names it by position). */
export type ReferenceInput = Cell | Cell[];

/** Variables: an object, its JSON text, or none. */
export type Variables = Record<string, unknown> | string | null | undefined;

/** The engine's options: `gqleval score`'s flags in camelCase. */
export interface EngineOptions {
  /** Over-fetch budget: extra nodes a candidate may select and still pass. */
  delta?: number;
  /** Rewrite rules: "cycles,endpoints" (the default), "none", or a list of
   * cycles, endpoints, rgeval (RGEval's looser endpoints, opt-in). */
  ruleSet?: string;
  /** The path of a rules file (JSON) declaring rewrites for the schema. */
  rules?: string;
  /** "equivalence" (the default: same data?) or "subset" (does the candidate
   * select everything the reference selects?). */
  mode?: 'equivalence' | 'subset';
  /** Find the query in the model's prose or fenced block (default true). */
  extract?: boolean;
  /** Leave `__typename` selections out of the comparison. */
  ignoreTypename?: boolean;
  /** Unbound variables keep their names, for a harness that sends the
   * dataset's variables by name: `order(id: $userId)` is not
   * `order(id: $orderId)`. By default (false) they are numbered in canonical
   * order, so queries that differ only by variable names are equivalent. */
  variablesByName?: boolean;
  /** Build schemas as graphql-js does, without gqleval's dialect leniencies. */
  strictSchema?: boolean;
  /** The operation to compare in documents with several. */
  operation?: string;
  /** A cell longer than this (UTF-8 bytes) makes a `bad_row` verdict, as the
   * command reads files (default DEFAULT_MAX_FIELD_BYTES; 0: no limit). */
  maxFieldBytes?: number;
  /** The memory bound of the built schemas kept between calls (bytes; 0 or
   * absent: the library's default). */
  schemaCacheBytes?: number;
}

export interface CompareOptions extends EngineOptions {
  variables?: Variables;
}

export interface BatchOptions extends EngineOptions {
  /** Threads of the batch engine (default: every core). */
  threads?: number;
}

export interface ScorerOptions extends EngineOptions {
  /** Variables for every compare() that gives none, and every row. */
  variables?: Variables;
  /** scoreBatch()'s threads (default: every core). */
  threads?: number;
}

/** A path of the response tree that one query has and the other lacks. */
export interface PathDifference {
  path: string;
  line: number;
  column: number;
  nodes: number;
}

/** A missing and an extra subtree under one parent that are the same field
 * with other arguments (docs/results.schema.json, argument_difference). */
export interface ArgumentDifference {
  path: string;
  field: string;
  candidate_field: string;
  /** e.g. `followers: first 10 -> 100`. */
  text: string;
  arguments: { name: string; reference: string | null; candidate: string | null }[];
  reference_line: number;
  reference_column: number;
  candidate_line: number;
  candidate_column: number;
  reference_nodes: number;
  candidate_nodes: number;
  missing_index: number;
  extra_index: number;
  within: number | null;
  missing_paths: PathDifference[];
  extra_paths: PathDifference[];
}

/** A rewrite rule that fired, for audit. */
export interface RuleFiring {
  query: 'reference' | 'candidate';
  reference?: number;
  rule: 'cycles' | 'endpoints' | 'rgeval' | 'ignore_arguments';
  path: string;
  detail: string;
  line: number;
  column: number;
}

export interface QueryError {
  query: 'schema' | 'reference' | 'candidate' | 'row' | 'query';
  /** Which reference, when there are several. */
  reference?: number;
  rule: string;
  message: string;
  line: number;
  column: number;
}

/** The verdicts of a pair that was not compared (`compared: false`). */
export type NotComparedVerdict =
  | 'no_query'
  | 'invalid_candidate'
  | 'invalid_reference'
  | 'invalid_schema'
  | 'bad_row';

/** An equivalence result: the members of a `gqleval score` result line. */
export interface CompareResult {
  verdict:
    | 'equivalent'
    | 'overfetch_ok'
    | 'overfetch'
    | 'underfetch'
    | 'mismatch'
    | NotComparedVerdict;
  pass: boolean;
  compared: boolean;
  missing: number | null;
  extra: number | null;
  precision: number;
  recall: number;
  f1: number;
  matched_reference: number | null;
  missing_paths: PathDifference[];
  extra_paths: PathDifference[];
  argument_differences: ArgumentDifference[];
  rules_fired: RuleFiring[];
  errors: QueryError[];
  /** The row's id (scoreBatch, when the row has one). */
  id?: string | number;
}

/** A subset result (`mode: "subset"`). */
export interface SubsetResult {
  verdict: 'subset' | 'missing' | NotComparedVerdict;
  pass: boolean;
  compared: boolean;
  missing: number | null;
  score: number;
  left_nodes: number | null;
  matched_reference: number | null;
  missing_paths: PathDifference[];
  errors: QueryError[];
  id?: string | number;
}

export type Result = CompareResult | SubsetResult;

export interface ValidationResult {
  valid: boolean;
  errors: QueryError[];
}

/** A rules file (docs/rules.md), as derivedRules() returns it. */
export interface RulesFile {
  version: number;
  [member: string]: unknown;
}

export interface Row {
  schema: SchemaInput;
  reference: ReferenceInput;
  candidate: Cell;
  variables?: Variables;
  id?: string | number | null;
}

/** One pair, scored as `gqleval score` scores a row. Invalid queries and
 * schemas are verdicts; bad options throw TypeError or RangeError. */
export function compare(
  schema: SchemaInput,
  reference: ReferenceInput,
  candidate: Cell,
  options?: CompareOptions & { mode?: 'equivalence' },
): CompareResult;
export function compare(
  schema: SchemaInput,
  reference: ReferenceInput,
  candidate: Cell,
  options: CompareOptions & { mode: 'subset' },
): SubsetResult;
export function compare(
  schema: SchemaInput,
  reference: ReferenceInput,
  candidate: Cell,
  options?: CompareOptions,
): Result;

/** Rows on the batch engine's threads, off the JavaScript thread; the
 * results in row order. */
export function scoreBatch(rows: readonly Row[], options?: BatchOptions): Promise<Result[]>;

/** `query` validated as a GraphQL server would. */
export function validate(schema: SchemaInput, query: Cell, options?: EngineOptions): ValidationResult;

/** The rewrite rules gqleval derives from the schema's names (throws an
 * Error when the schema does not build). */
export function derivedRules(schema: SchemaInput, options?: EngineOptions): RulesFile;

/** Options fixed, built schemas kept between calls. */
export class Scorer {
  constructor(options?: ScorerOptions);
  readonly options: Readonly<ScorerOptions>;
  compare(
    schema: SchemaInput,
    reference: ReferenceInput,
    candidate: Cell,
    options?: { variables?: Variables },
  ): Result;
  validate(schema: SchemaInput, query: Cell): ValidationResult;
  derivedRules(schema: SchemaInput): RulesFile;
  scoreBatch(rows: readonly Row[], options?: { threads?: number }): Promise<Result[]>;
}

/** The library's version. */
export const version: string;
/** The default of `maxFieldBytes`. */
export const DEFAULT_MAX_FIELD_BYTES: number;
