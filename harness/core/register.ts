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
 * (judgeTraffic: no request, no `needs`); a traffic judge that throws gives its rule a harness error.
 */
export function registerChecks(feature: string, checks: readonly Check[]): void {
  test.describe(feature, () => {
    for (const check of checks) {
      if (process.env.EMS_TRAFFIC_FILE) {
        test(check.title, { tag: [ruleTag(check.rule)] }, async ({ judge, target, recorded }) => {
          if (!recorded) throw new Error(`EMS_TRAFFIC_FILE is set but the worker read no traffic`);
          if (recorded instanceof Error) return judge.record(harnessErrorVerdict(check.rule, recorded));
          try {
            await judgeTraffic(check, judge, target, recorded);
          } catch (error) {
            // No request, no transport failure: whatever a traffic judge throws is a harness error. Recorded, not
            // rethrown: a failed test would restart the worker (and read the traffic again) for every such judge.
            judge.record(harnessErrorVerdict(check.rule, error));
          }
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
