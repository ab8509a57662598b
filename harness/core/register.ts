import { type Check } from './check';
import { test } from './fixtures';
import { ruleJudge } from './rule-judge';
import { ruleTag } from './rules';

/**
 * Registers one Playwright test per check inside one `test.describe`: tagged from the rule ID, skipped
 * with the reason when the target lacks what the rule needs (spec/rules.yaml `needs`).
 */
export function registerChecks(feature: string, checks: readonly Check[]): void {
  test.describe(feature, () => {
    for (const check of checks) {
      test(check.title, { tag: [ruleTag(check.rule)] }, async ({ api, judge, target, createdContacts, observe }) => {
        if (!judge.needs(check.rule)) return;
        await check.run({ api, target, createdContacts, observe, judge: ruleJudge(judge, check.rule) });
      });
    }
  });
}
