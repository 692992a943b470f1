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
/** A candidate: a cell, or (`answer: "all"`) an Array of query texts. */
export type Answer = Cell | string[];

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
  /** "equivalence" (the default: same data?), "subset" (does the candidate
   * select everything the reference selects?) or "coverage" (does it traverse
   * every required schema coordinate: `required`, else the reference's own?). */
  mode?: 'equivalence' | 'subset' | 'coverage';
  /** "one" (the default) or "all": every operation of the candidate (a
   * document, or a JSON array of query texts) graded together, in any mode. */
  answer?: 'one' | 'all';
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
  /** The memory bound of the built schemas kept between calls, in MiB, as
   * `--schema-cache-mb` (absent: the library's default; 0: no bound). */
  schemaCacheMb?: number;
}

/** A coverage row's schema coordinates (`Type.field`,
 * `Type.field(argument:)`): an Array, or JSON text, or one a line. */
export type Coordinates = string[] | string | null | undefined;

export interface CompareOptions extends EngineOptions {
  variables?: Variables;
  /** Coverage mode: what the answer must traverse (absent: the reference's own). */
  required?: Coordinates;
  /** Coverage mode: what counts as over-selection (reported, not gated). */
  excluded?: Coordinates;
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
  /** A candidate's path with `answer: "all"`: the operation it is in (0-based). */
  operation?: number;
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
  /** With `answer: "all"`: the candidate's operation. */
  candidate_operation?: number;
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
  /** A candidate's firing with `answer: "all"`: its operation. */
  operation?: number;
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
  /** With `answer: "all"`: the candidate's operation the error leaves out. */
  operation?: number;
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
  /** The candidate's operations read (1, or 0 when none was found; with `answer: "all"` every one). */
  operations: number;
  /** Of them, those left out as invalid (each with its errors). */
  invalid_operations: number;
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
  operations: number;
  invalid_operations: number;
  errors: QueryError[];
  id?: string | number;
}

/** A coverage result (`mode: "coverage"`). */
export interface CoverageResult {
  verdict: 'covered' | 'not_covered' | NotComparedVerdict;
  pass: boolean;
  compared: boolean;
  required: number | null;
  covered_count: number | null;
  recall: number;
  missing_coordinates: {
    coordinate: string;
    nearest: string | null;
    line: number | null;
    column: number | null;
    operation: number | null;
  }[];
  over_selected: string[];
  unsatisfiable: string[];
  operations: number;
  invalid_operations: number;
  errors: (Omit<QueryError, 'query'> & {
    query: 'schema' | 'reference' | 'required' | 'excluded' | 'candidate' | 'row';
    entry?: number;
    operation?: number;
  })[];
  id?: string | number;
}

export type Result = CompareResult | SubsetResult | CoverageResult;

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
  /** Optional in coverage mode with `required`. */
  reference?: ReferenceInput;
  candidate: Answer;
  variables?: Variables;
  id?: string | number | null;
  required?: Coordinates;
  excluded?: Coordinates;
}

/** One pair, scored as `gqleval score` scores a row. Invalid queries and
 * schemas are verdicts; bad options throw TypeError or RangeError. */
export function compare(
  schema: SchemaInput,
  reference: ReferenceInput,
  candidate: Answer,
  options?: CompareOptions & { mode?: 'equivalence' },
): CompareResult;
export function compare(
  schema: SchemaInput,
  reference: ReferenceInput,
  candidate: Answer,
  options: CompareOptions & { mode: 'subset' },
): SubsetResult;
export function compare(
  schema: SchemaInput,
  reference: ReferenceInput,
  candidate: Answer,
  options: CompareOptions & { mode: 'coverage' },
): CoverageResult;
export function compare(
  schema: SchemaInput,
  reference: ReferenceInput,
  candidate: Answer,
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

/** `gqleval score`'s flags in camelCase, for scoreFile(). */
export interface FileOptions {
  /** The results file (JSON Lines, or CSV by its name or outFormat); none
   * kept without it. */
  out?: string;
  outFormat?: 'jsonl' | 'csv';
  /** The input's format (default: by its name, then its content). */
  format?: 'csv' | 'tsv' | 'jsonl';
  /** Schema files for every row (SDL, globs, StepZen projects). */
  schema?: string | string[];
  schemaCol?: string;
  schemaPathCol?: string;
  referenceCol?: string | string[];
  candidateCol?: string;
  idCol?: string;
  variablesCol?: string;
  groupBy?: string | string[];
  keepCol?: string | string[];
  /** The answers in a file of their own, joined by id (else by row index). */
  predictions?: string;
  predictionsFormat?: 'csv' | 'tsv' | 'jsonl';
  predictionsIdCol?: string;
  mode?: 'equivalence' | 'subset' | 'coverage';
  /** Coverage mode: the columns of each row's required and excluded coordinates. */
  requiredCol?: string;
  excludedCol?: string;
  /** "all" grades every operation of an answer together (a document, or a JSON array of query texts). */
  answer?: 'one' | 'all';
  delta?: number;
  rules?: string;
  ruleSet?: string;
  extract?: boolean;
  ignoreTypename?: boolean;
  variablesByName?: boolean;
  strictSchema?: boolean;
  operation?: string;
  threads?: number;
  /** Gates, e.g. "pass_rate=0.6"; one not met makes `gatesMet` false. */
  failUnder?: string | string[];
  summaryFormat?: 'gqleval' | 'lm-eval';
  /** The task of an lm-eval summary (default: the input's stem). */
  task?: string;
  /** Continue the interrupted run of the same input and options. */
  resume?: boolean;
}

/** A run's summary as `gqleval score --summary` writes it (docs/results.md),
 * with whether its gates were met. */
export interface FileSummary {
  results_version: number;
  mode: 'equivalence' | 'subset' | 'coverage';
  rows: number;
  gatesMet: boolean;
  [member: string]: unknown;
}

/** `gqleval score PATH` off the JavaScript thread. Bad options throw
 * TypeError or RangeError; a run that fails rejects with an Error whose
 * `code` is "IO" (a file that cannot be read or written) or "Usage". */
export function scoreFile(path: string, options?: FileOptions): Promise<FileSummary>;

/** Summary counts of results: rows per verdict, the graded score's sum in
 * millionths and its squares; counts of parts add up to the whole's. */
export interface Counts {
  mode: 'equivalence' | 'subset' | 'coverage';
  outcomes: number[];
  millionths: number;
  squares: bigint;
}

/** The summary of results (`gqleval score --summary`'s members that depend
 * on the rows alone: SUMMARY_FIELDS). */
export interface Summary {
  results_version: number;
  mode: 'equivalence' | 'subset';
  rows: number;
  compared: number;
  verdicts: Record<string, { count: number; share: number }>;
  pass: number;
  pass_rate: number;
  pass_rate_stderr: number;
  mean_f1?: number;
  mean_f1_stderr?: number;
  mean_score?: number;
  mean_score_stderr?: number;
  mean_recall?: number;
  mean_recall_stderr?: number;
}

export function counts(results: readonly Result[], options?: { mode?: 'equivalence' | 'subset' | 'coverage' }): Counts;
export function mergeCounts(parts: Iterable<Counts>): Counts;
export function summaryOfCounts(counts: Counts): Summary;
export function summary(results: readonly Result[], options?: { mode?: 'equivalence' | 'subset' | 'coverage' }): Summary;

/** The members of a result, in order. */
export const RESULT_FIELDS: readonly string[];
/** The members of a subset result, in order. */
export const SUBSET_RESULT_FIELDS: readonly string[];
/** The members of a coverage result, in order. */
export const COVERAGE_RESULT_FIELDS: readonly string[];
/** The members summary() may have. */
export const SUMMARY_FIELDS: readonly string[];

/** Options fixed, built schemas kept between calls. */
export class Scorer {
  constructor(options?: ScorerOptions);
  readonly options: Readonly<ScorerOptions>;
  compare(
    schema: SchemaInput,
    reference: ReferenceInput,
    candidate: Answer,
    options?: { variables?: Variables; required?: Coordinates; excluded?: Coordinates },
  ): Result;
  validate(schema: SchemaInput, query: Cell): ValidationResult;
  derivedRules(schema: SchemaInput): RulesFile;
  scoreBatch(rows: readonly Row[], options?: { threads?: number }): Promise<Result[]>;
}

/** The library's version. */
export const version: string;
/** The default of `maxFieldBytes`. */
export const DEFAULT_MAX_FIELD_BYTES: number;
