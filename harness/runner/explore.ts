import type fc from 'fast-check';
import { type Check, type SendDraw, judgeExchanges } from '../check';
import { type Target, propertyStopped, type Judge, type PropertyOptions, runProperty, type SampleEvidence } from '../core';
import type { ExchangeLog } from '../exchanges';

interface ExploreWith {
  check: Pick<Check, 'rule' | 'judge'>;
  judge: Judge;
  target: Target;
  log: ExchangeLog;
  /** The first exchange of the test: the exchanges before the draws (a driver's reference searches) are their context. */
  testStart: number;
}

/**
 * Draws values with fast-check (the run's seed, path and runs) and sends each one's requests. The
 * rule's own judge is the oracle: a draw fails when the judge fails the test's earlier exchanges plus
 * the draw's and did not fail them without it, so fast-check shrinks the draw on the judge's reading,
 * and the failure is recorded with its counterexample, seed and replay. A draw the judge does not fail
 * decides nothing here: the verdict is the judge's over every exchange once the driver is done.
 */
export async function exploreWithJudge<T>(at: ExploreWith, arbitrary: fc.Arbitrary<T>, send: SendDraw<T>, options: PropertyOptions = {}): Promise<void> {
  const { check, judge, target, log, testStart } = at;
  const context = log.since(testStart);
  const before = await judgeExchanges(check, target, context);
  const contextFails = before?.verdict === 'fail';
  const numRuns = options.numRuns ?? target.runs;
  const { seed, path, deadline } = target;
  const result = await runProperty({
    arbitrary,
    seed,
    numRuns,
    deadline,
    ...(path ? { path } : {}),
    predicate: async (value, sample) => {
      const from = log.size;
      await send(value);
      const drawn = log.since(from);
      const verdict = contextFails ? undefined : await judgeExchanges(check, target, [...context, ...drawn]);
      if (verdict?.verdict === 'fail') sample.expect(false, (verdict.evidence[0] ?? { title: verdict.reason ?? 'the judge failed the draw' }) as SampleEvidence);
    },
  });
  const stopped = propertyStopped(check.rule, result);
  if (stopped) judge.record(stopped);
}
