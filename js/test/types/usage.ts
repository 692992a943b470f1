// Type-checked by js/test/types.test.mjs (tsc --strict --noEmit): what the
// declarations must accept, and, marked @ts-expect-error, what they must
// refuse. Never run.
import { DEFAULT_MAX_FIELD_BYTES, Scorer, compare, derivedRules, scoreBatch, validate, version } from 'gqleval';
import type { CompareResult, Result, Row, SubsetResult } from 'gqleval';
import gqlevalAssertion = require('gqleval/promptfoo');

declare const schema: string;
declare const answer: string;

const r: CompareResult = compare(schema, '{ a }', answer);
const f1: number = r.f1;
const missing: number | null = r.missing;
const firstPath: string | undefined = r.missing_paths[0]?.path;
const firing: string = r.rules_fired[0].rule;
const s: SubsetResult = compare(schema, ['{ a }', '{ b }'], answer, { mode: 'subset' });
const score: number = s.score;
compare({ data: { __schema: {} } }, null, undefined, { delta: 2, ruleSet: 'none', variables: { id: 3 } });

const scorer = new Scorer({
  threads: 2, ignoreTypename: true, variablesByName: false, variables: '{"id": 1}',
});
const any: Result = scorer.compare(schema, '{ a }', answer, { variables: { id: 2 } });
const valid: boolean = scorer.validate(schema, '{ a }').valid;
const version1: number = derivedRules(schema).version;

async function batch(rows: Row[]): Promise<number> {
  const results = await scoreBatch(rows, { threads: 4, mode: 'equivalence' });
  const id: string | number | undefined = results[0].id;
  void id;
  return results.filter((x) => x.pass).length;
}
const rows: Row[] = [{ schema, reference: ['{ a }', null], candidate: answer, id: 7 }];
void batch(rows);
void validate(schema, '{ a }').errors[0].message;
const limit: number = DEFAULT_MAX_FIELD_BYTES;
const v: string = version;

const graded = gqlevalAssertion('{ a }', { vars: { schema, reference: '{ a }' }, config: { threshold: 0.8 } });
const passed: boolean = graded.pass;
const assertion = gqlevalAssertion.createAssertion({ referenceVar: ['gt_query', 'gt_query_2'], mode: 'subset' });
const reason: string = assertion('{ a }').reason + gqlevalAssertion.formatReason(r);

// @ts-expect-error: a threshold is a number
gqlevalAssertion('{ a }', { config: { threshold: '0.8' } });
// @ts-expect-error: not a mode
compare(schema, '{ a }', answer, { mode: 'superset' });
// @ts-expect-error: delta is a number
compare(schema, '{ a }', answer, { delta: '1' });
// @ts-expect-error: a candidate is text
compare(schema, '{ a }', 42);
// @ts-expect-error: no such option
new Scorer({ rule_set: 'none' });
// @ts-expect-error: a subset result has no f1
void s.f1;

void [f1, missing, firstPath, firing, score, any, valid, version1, limit, v, passed, reason];
