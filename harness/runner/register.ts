import { type Check, type CheckContext, type ExplorationContext, judgeExchanges, judgeLive, judgeTraffic } from '../check';
import { createRedactor, type Target, type Judge, harnessErrorVerdict, ruleTag, TransportError } from '../core';
import type { ExplorationFailure } from '../types';
import { ANNOTATION } from './annotations';
import type { RecordedTraffic } from '../exchanges';
import { exploreSequences, exploreWithJudge } from './explore';
import { test } from './fixtures';
import { EXPLORATION_TAG } from './exploration-tag';
import { withRelations } from './relations';

/**
 * Registers one Playwright test per check inside one `test.describe`: tagged from the rule ID, skipped
 * with the reason when the target lacks what the rule needs (spec/rules.yaml `needs`). Live, the test
 * drives (the check's requests) and then judges every exchange the worker has had. In a traffic run
 * (EMS_TRAFFIC_FILE, set by `--har` and the proxy) each test judges the recorded traffic instead
 * (judgeTraffic: no request, no `needs`); a traffic judge that throws gives its rule a harness error.
 */
export function registerChecks(feature: string, checks: readonly Check[]): void {
  // The rule's verdict (the whole run's, or a recording's) also reads the model's relations that speak to its
  // sentence (relations.ts); a test's own live judgement and its exploring driver's oracle read its judge alone.
  for (const check of checks) registered.set(check.rule, withRelations(check));
  if (collecting) {
    collecting.push({ feature, checks });
    return;
  }
  test.describe(feature, () => {
    for (const check of checks) {
      if (process.env.EMS_TRAFFIC_FILE) {
        test(check.title, { tag: [ruleTag(check.rule)] }, async ({ judge, target, recorded }) => {
          if (!recorded) throw new Error(`EMS_TRAFFIC_FILE is set but the worker read no traffic`);
          if (recorded instanceof Error) return judge.record(harnessErrorVerdict(check.rule, recorded));
          try {
            await judgeTraffic(withRelations(check), judge, target, recorded);
          } catch (error) {
            // No request, no transport failure: whatever a traffic judge throws is a harness error. Recorded, not
            // rethrown: a failed test would restart the worker (and read the traffic again) for every such judge.
            judge.record(harnessErrorVerdict(check.rule, error));
          }
        });
        continue;
      }
      test(check.title, { tag: [ruleTag(check.rule)] }, async ({ api, judge, target, createdContacts, observe, exchangeLog }) => {
        if (!judge.needs(check.rule)) return;
        const testStart = exchangeLog.size;
        const ctx: CheckContext = {
          api, target, createdContacts, observe,
          explore: (arbitrary, send, options) => exploreWithJudge({ check, judge, target, log: exchangeLog, testStart }, arbitrary, send, options),
        };
        // Drive, then judge: the rule's one judge over every exchange this worker has had, whichever test sent it.
        try {
          await check.drive?.(ctx);
        } catch (error) {
          // A request without a usable answer stopped the driver: what the exchanges so far decide stands (a
          // failure they show, or a pass on the whole statement); short of that, the transport failure decides.
          if (error instanceof TransportError) await judgeDecisive(check, judge, target, exchangeLog.traffic());
          throw error;
        }
        await judgeLive(check, judge, target, exchangeLog.traffic());
      });
    }
  });
}

/** What a suite file gives registerChecks: a feature and its checks (or an exploration, registerExploration). */
export interface SuiteChecks {
  feature: string;
  checks: readonly Check[];
  exploration?: Exploration;
}

/** A driver that belongs to no rule: it sends, and the whole run's judgement reads what it sent (drivers/stateful/). */
export interface Exploration {
  title: string;
  drive(ctx: ExplorationContext): Promise<void>;
}


/**
 * Registers an exploration as one test tagged @exploration: it drives and judges nothing itself; every rule's
 * judge reads its exchanges once the run's last exchange is in. A traffic run sends nothing: no test.
 */
export function registerExploration(feature: string, exploration: Exploration): void {
  if (collecting) {
    collecting.push({ feature, checks: [], exploration });
    return;
  }
  if (process.env.EMS_TRAFFIC_FILE) return;
  test.describe(feature, () => {
    test(exploration.title, { tag: [EXPLORATION_TAG] }, async ({ api, target, createdContacts, exchangeLog }, testInfo) => {
      const failures: ExplorationFailure[] = [];
      const sequences: ExplorationContext['sequences'] = async (arbitrary, run, options) => {
        const failure = await exploreSequences({ target, log: exchangeLog, title: exploration.title }, arbitrary, run, options);
        if (failure) failures.push(failure);
      };
      try {
        await exploration.drive({ api, target, createdContacts, sequences });
      } catch (error) {
        // A request without a usable answer ends the exploration; what it sent is judged with the run.
        if (!(error instanceof TransportError)) throw error;
      } finally {
        const redactor = createRedactor(target.tokens);
        for (const failure of failures) testInfo.annotations.push({ type: ANNOTATION.exploration, description: redactor.text(JSON.stringify(redactor.value(failure))) });
      }
    });
  });
}

let collecting: SuiteChecks[] | undefined;

/** Every check registered in this process, by rule (also in Playwright's main process, which loads the suites to list them). */
const registered = new Map<string, Check>();

/** The checks registered in this process so far, by rule: what the whole run's judgement applies (whole-run.ts). */
export const registeredChecks = (): ReadonlyMap<string, Check> => registered;

/**
 * Loads suite files (`load` imports them) without registering their tests, and returns what each gave
 * registerChecks: the fault matrix's lanes register them again inside each run they serve (bin/selfcheck/lane.ts).
 * A module runs once per process: a suite imported before gives nothing here.
 */
export async function collectSuiteChecks(load: () => Promise<unknown>): Promise<SuiteChecks[]> {
  const collected: SuiteChecks[] = [];
  collecting = collected;
  try {
    await load();
  } finally {
    collecting = undefined;
  }
  return collected;
}

/** Records the judge's verdict on these exchanges when it decides the rule (pass or fail), and nothing otherwise. */
async function judgeDecisive(check: Check, judge: Judge, target: Target, traffic: RecordedTraffic): Promise<void> {
  const verdict = await judgeExchanges(check, target, traffic);
  if (verdict && (verdict.verdict === 'pass' || verdict.verdict === 'fail')) judge.record(verdict);
}
