// Types of `gqleval/promptfoo` (promptfoo.js): a promptfoo `type: javascript`
// assertion that scores the model's GraphQL query against the test's
// reference. examples/promptfoo/ has a config that uses it.

import type { CompareOptions, Result } from './index';

declare namespace gqlevalAssertion {
  /** The assertion's `config:` block. Every key is optional; the keys other
   * than these four are compare()'s options (mode, delta, ruleSet, rules,
   * variables, ignoreTypename, variablesByName, strictSchema, operation,
   * extract), checked by compare(): an unknown key fails the test with
   * compare()'s message. */
  interface AssertionConfig extends CompareOptions {
    /** The var with the schema: SDL, or introspection JSON as text or an
     * object (default "schema"). */
    schemaVar?: string;
    /** The var with the reference query, or a list of var names (a var may
     * also hold a list); every reference found counts, the best match wins
     * (default "reference"). Vars that are missing or empty are skipped. */
    referenceVar?: string | string[];
    /** The var with the variables' values (an object or JSON text); where a
     * test sets it, it wins over `variables` (default "variables"). */
    variablesVar?: string;
    /** From 0 to 1: pass when the pair was compared and the score is at
     * least this, instead of gqleval's own pass (absent: gqleval's pass). */
    threshold?: number;
  }

  /** The part of promptfoo's assertion context this module reads. */
  interface AssertionContext {
    /** The test's vars (promptfoo has loaded `file://` vars by now). */
    vars?: Record<string, unknown>;
    /** The assertion's `config:` block. */
    config?: AssertionConfig;
    [member: string]: unknown;
  }

  /** promptfoo's GradingResult, as this module fills it. */
  interface GradingResult {
    /** gqleval's pass, or `score >= threshold` when a threshold is set. */
    pass: boolean;
    /** The F1 (`mode: "subset"`: the subset score); 0 for a pair that was
     * never compared or a failure of the assertion itself. */
    score: number;
    /** `verdict: missing PATH (+N more); extra PATH`, the first error's
     * message for a pair that was never compared, or `gqleval: ...` when
     * the test could not be scored (a missing var, a bad option). */
    reason: string;
  }

  type Assertion = (output: unknown, context?: AssertionContext) => GradingResult;

  /** The assertion itself (the same function as the module). */
  const gqlevalAssertion: Assertion;

  /** An assertion with `config` built in; the assertion's own `config:`
   * block still wins, key by key. For configs written in JavaScript. */
  function createAssertion(config?: AssertionConfig): Assertion;

  /** The reason text of a compare() result:
   * `underfetch: missing query -> farmList -> year`. */
  function formatReason(result: Result): string;
}

/** The assertion: `(output, context) => {pass, score, reason}`. Never
 * throws. */
declare function gqlevalAssertion(
  output: unknown,
  context?: gqlevalAssertion.AssertionContext,
): gqlevalAssertion.GradingResult;

export = gqlevalAssertion;
