import { rmSync } from 'node:fs';
import type { Verdict } from '../types';
import { judgeExchanges } from '../check';
import { harnessErrorVerdict, isOutage, type Target } from '../core';
import { readRunExchanges, RUN_EXCHANGES_VARIABLE, type RecordedTraffic } from '../exchanges';
import { registeredChecks } from './register';
import { workerTarget } from './wiring';

type Env = Record<string, string | undefined>;

/** The whole run's judgement: one verdict per rule, over every exchange of the run, and the traffic it read. */
export interface WholeRunJudgement {
  verdicts: ReadonlyMap<string, Verdict>;
  traffic: RecordedTraffic;
  /** The run's target, as its workers resolved it. */
  target: Target;
}

/**
 * Judges the run once its last exchange is in: each rule's one judge over every exchange of the run, all
 * workers together (each worker wrote its exchanges to EMS_RUN_EXCHANGES_DIR), so a verdict does not depend on
 * how the tests were spread over workers, nor on when in the run the rule's own test ran. The same judge as
 * live and as `--har`: a pure function of exchanges. `rules` are the rules to judge (the selected rules whose
 * needs the target meets); a judge that throws is that rule's harness error. Undefined when the run wrote no
 * exchanges folder (a traffic run: its tests already judged the whole recording).
 */
export async function judgeWholeRun(options: { env: Env; rules: Iterable<string>; targetEnv?: Env; runKey?: string }): Promise<WholeRunJudgement | undefined> {
  const dir = options.env[RUN_EXCHANGES_VARIABLE];
  // A traffic run's tests judged the whole recording already; a replay of failing tests (EMS_ISOLATE_TESTS) judges each test apart.
  if (!dir || options.env.EMS_TRAFFIC_FILE || options.env.EMS_ISOLATE_TESTS === '1') return undefined;
  const traffic = readRunExchanges(dir, options.runKey);
  const target = workerTarget(options.env, options.targetEnv);
  const checks = registeredChecks();
  const verdicts = new Map<string, Verdict>();
  for (const rule of options.rules) {
    const check = checks.get(rule);
    if (!check) continue;
    try {
      const verdict = await judgeExchanges(check, target, traffic);
      if (verdict) verdicts.set(rule, verdict);
    } catch (error) {
      verdicts.set(rule, harnessErrorVerdict(rule, error));
    }
  }
  return { verdicts, traffic, target };
}

/** Removes the run's exchanges folder (the reporter calls it once the run is judged; EMS_KEEP_RUN_EXCHANGES=1 keeps it). */
export function discardRunExchanges(env: Env): void {
  const dir = env[RUN_EXCHANGES_VARIABLE];
  if (dir && env.EMS_KEEP_RUN_EXCHANGES !== '1') rmSync(dir, { recursive: true, force: true });
}

/** A live failure that is no judge's reading of exchanges: an answer of the target's that could not be read (harness/runner/settle.ts). */
const isTransportFailure = (verdict: Verdict): boolean => verdict.verdict === 'fail' && verdict.transportFailure !== undefined;

/** A rule whose test lost an exchange it needed to an outage: unjudged, whatever the rest shows. */
const isCutByOutage = (verdict: Verdict): boolean => verdict.verdict === 'inconclusive' && isOutage(verdict.transportFailure);

/**
 * A rule's verdicts with the whole run's: the whole run's verdict decides over the live ones a worker gave on the
 * part of the run it had seen. A judge's live failure is the same judge over fewer exchanges: where the whole run
 * fails too, it stays beside it (a shrunk counterexample, a seed to replay); where the whole run does not, it came
 * of what that worker could not see (another worker's write between two of its reads) and goes. A transport
 * failure, a harness error and a test cut short by an outage always stay: an outage leaves the rule inconclusive
 * though the whole run passes it (the rule's own driver could not send all it needed), never hides a failure.
 * Where the whole run cannot decide, the live reasons go first (the time budget, an outage: what makes a run
 * partial), then the whole run's.
 */
export function withWholeRun(live: readonly Verdict[], whole: Verdict | undefined): Verdict[] {
  if (!whole) return [...live];
  const always = live.filter((verdict) => verdict.verdict === 'error' || isTransportFailure(verdict));
  if (whole.verdict === 'fail') return [whole, ...live.filter((verdict) => verdict.verdict === 'fail' && !isTransportFailure(verdict)), ...always];
  if (whole.verdict !== 'inconclusive') return [whole, ...always, ...live.filter(isCutByOutage)];
  return [...always, ...live.filter((verdict) => verdict.verdict === 'inconclusive'), whole];
}
