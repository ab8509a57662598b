import { type Check } from '../check';
import { ACROSS_ANSWERS_NOTE, failed, responseEvidence, type Judgement } from '../core';
import { earlierShown, relationFailures } from '../model';

/** Failures of one rule's relations evidenced, at most (the report folds them; more would only repeat). */
const MAX_RELATION_FAILURES = 5;

/**
 * A check whose judge also reads the model's relations over the same exchanges (harness/model state.ts: every
 * answer against what the run had seen before it, in the order served): each that breaks the rule's sentence is a
 * failure of the rule beside the judge's own verdicts. A relation that holds adds nothing: whether the rule passes
 * is its judge's.
 */
export function withRelations(check: Check): Check {
  return {
    ...check,
    async judge(ctx) {
      const own = await check.judge(ctx);
      const failures = relationFailures(ctx.traffic, ctx.target, check.rule).slice(0, MAX_RELATION_FAILURES);
      if (failures.length === 0) return own;
      const relations: Judgement = failures.map(({ title, expected, actual, other, answer }) =>
        failed(title, [responseEvidence(answer, title, {
          expected,
          actual: other ? { ...(actual as object), earlier: earlierShown(other) } : actual,
          note: ACROSS_ANSWERS_NOTE,
        })]));
      return [...own, ...relations];
    },
  };
}
