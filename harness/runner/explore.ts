import type fc from 'fast-check';
import { type Check, type SendDraw, judgeExchanges } from '../check';
import { type Target, propertyStopped, type Judge, type PropertyOptions, runProperty, type SampleEvidence } from '../core';
import { earlierShown, initialState, rejectionOf, rejectionsGiven, step, type ModelState } from '../model';
import { EXPLORATION_TAG } from './exploration-tag';
import type { ExplorationFailure } from '../types';
import { operationAt, type ExchangeLog } from '../exchanges';
import { cliCommand } from '../contract';

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

/** How long the stateful exploration shrinks a sequence the model rejects, at most (its runs are bounded by the run's deadline). */
export const SEQUENCE_SHRINK_MS = 5_000;

/**
 * Draws sequences with fast-check (the run's seed and path) and runs each as a model run: the model's state
 * holds every exchange the worker had before the sequence (harness/model state.ts `step`), each answer of the
 * sequence is checked against it (`expect`, and `rejectionOf` of the answer alone) and folded in. A sequence
 * fails when an answer breaks what the model expects, so fast-check shrinks it to the shortest sequence it
 * found (within SEQUENCE_SHRINK_MS) that still shows the deviation, across its steps as well as in its last
 * answer. The rules' judges read the same relations over the whole run (relationFailures), so the rule named
 * fails there too; the shrunk sequence is its evidence in the report, with its seed, path and replay. A
 * transport failure ends the exploration.
 */
export async function exploreSequences<T>(
  at: { target: Target; log: ExchangeLog; title: string },
  arbitrary: fc.Arbitrary<T[]>,
  run: (value: T[]) => Promise<void>,
  options: PropertyOptions = {},
): Promise<ExplorationFailure | undefined> {
  const { target, log, title } = at;
  // What the worker's exchanges before a sequence show, folded once each.
  let known: ModelState = initialState;
  const result = await runProperty({
    arbitrary,
    seed: target.seed,
    numRuns: options.numRuns ?? target.runs,
    deadline: target.deadline,
    shrinkMs: SEQUENCE_SHRINK_MS,
    ...(target.path ? { path: target.path } : {}),
    ...(options.examples ? { examples: options.examples as T[][] } : {}),
    predicate: async (value, sample) => {
      for (const exchange of log.since(known.served)) known = step(known, exchange, target);
      let state = known;
      const from = log.size;
      await run(value);
      for (const exchange of log.since(from)) {
        const rejection = rejectionOf(exchange, target) ?? rejectionsGiven(state, exchange, target)[0];
        state = step(state, exchange, target);
        if (rejection) {
          const { other, ...found } = rejection;
          sample.expect(false, { ...found, response: exchange, ...(other ? { earlier: earlierShown(other) } : {}) });
        }
      }
    },
  });
  // A transport failure ends the exploration (the test catches it); anything else is the harness's own bug.
  if (result.kind === 'stopped') throw result.error;
  if (result.kind !== 'deviated') return undefined;
  // The counterexample as JSON keeps each step's label (a step is { label, run }).
  const steps = ((result.counterexample as unknown[] | undefined) ?? []).map((step) => (step && typeof step === 'object' && 'label' in step ? String(step.label) : JSON.stringify(step)));
  const url = result.deviation.evidence.request?.url;
  const op = url === undefined ? undefined : operationAt(url, target);
  const rule = (result.deviation.evidence as { rule?: unknown }).rule;
  return {
    test: title,
    ...(typeof rule === 'string' ? { rule } : {}),
    seed: result.seed,
    path: result.path,
    steps,
    ...(op ? { op } : {}),
    evidence: result.deviation.evidence,
    // The repository's npm alias, or `npx ems-conformance run` in an installed package; the reporter names the run's target in it.
    replay: `${cliCommand('run')} --grep ${EXPLORATION_TAG} --seed ${result.seed} --path ${result.path}${target.embeddedMock && target.faults.length > 0 ? ` --faults ${target.faults.join(',')}` : ''}`,
  };
}
