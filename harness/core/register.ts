import { type Check } from './check';
import { harnessErrorVerdict } from './harness-error';
import { test } from './fixtures';
import { ruleJudge } from './rule-judge';
import { ruleTag } from './rules';
import { judgeTraffic } from './traffic-judge';

/**
 * Registers one Playwright test per check inside one `test.describe`: tagged from the rule ID, skipped
 * with the reason when the target lacks what the rule needs (spec/rules.yaml `needs`). In a traffic run
 * (EMS_TRAFFIC_FILE, set by `--har` and the proxy) each test judges the recorded traffic instead
 * (judgeTraffic: no request, no `needs`).
 */
export function registerChecks(feature: string, checks: readonly Check[]): void {
  test.describe(feature, () => {
    for (const check of checks) {
      if (process.env.EMS_TRAFFIC_FILE) {
        test(check.title, { tag: [ruleTag(check.rule)] }, async ({ judge, target, recorded }) => {
          if (!recorded) throw new Error(`EMS_TRAFFIC_FILE is set but the worker read no traffic`);
          if (recorded instanceof Error) return judge.record(harnessErrorVerdict(check.rule, recorded));
          await judgeTraffic(check, judge, target, recorded);
        });
        continue;
      }
      test(check.title, { tag: [ruleTag(check.rule)] }, async ({ api, judge, target, createdContacts, observe }) => {
        if (!judge.needs(check.rule)) return;
        await check.run({ api, target, createdContacts, observe, judge: ruleJudge(judge, check.rule) });
      });
    }
  });
}
