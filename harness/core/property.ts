import fc from 'fast-check';
import type { Evidence } from '../types';
import type { ApiResponse } from './api-response';
import { responseEvidence } from './evidence';

/** What a sample shows when it deviates: a title, expected and actual, and the response behind it. */
export interface SampleEvidence {
  title: string;
  expected?: unknown;
  actual?: unknown;
  response?: ApiResponse;
  note?: string;
}

/** Handed to each run of a property. */
export interface Sample {
  /** Throws a Deviation (the sample fails, fast-check shrinks it) when the condition is false. */
  expect(condition: boolean, evidence: SampleEvidence): void;
  /** Ends this sample unjudged (counted; a property with no judged sample is inconclusive). */
  inconclusive(reason: string): never;
}

/** A sample that contradicts the rule, with its evidence. */
export class Deviation extends Error {
  override name = 'Deviation';
  constructor(readonly evidence: Evidence) {
    super(evidence.title);
  }
}

/**
 * A reason a sample or a check cannot be judged on this target's data. Thrown inside a property it
 * ends the sample unjudged (as sample.inconclusive does); elsewhere the check turns it into `inconclusive`.
 */
export class Unjudged extends Error {
  override name = 'Unjudged';
  constructor(readonly reason: string) {
    super(reason);
  }
}

export interface PropertyRun<T> {
  arbitrary: fc.Arbitrary<T>;
  predicate: (value: T, sample: Sample) => Promise<void> | void;
  seed: number;
  /** Replay path of an earlier failure (EMS_PATH). */
  path?: string;
  numRuns: number;
  /** No new sample starts after this time (ms since epoch). */
  deadline: number;
  /** How long shrinking may go on after the first failure (ms); later shrink steps are skipped. Default: until the deadline. */
  shrinkMs?: number;
  /** Values run before the drawn ones (and shrunk like them when they fail). */
  examples?: T[];
}

interface Counts {
  judged: number;
  inconclusive: number;
}

export type PropertyResult =
  | (Counts & { kind: 'held'; reasons: string[]; interrupted: boolean })
  | (Counts & { kind: 'deviated'; seed: number; path: string; numRuns: number; counterexample: unknown; deviation: Deviation })
  /** A sample threw something other than a deviation (a TransportError, a bug in the check): the property stopped at once. */
  | (Counts & { kind: 'stopped'; error: unknown });

/**
 * Runs a property with fast-check. Deviations shrink; anything else thrown stops the run at once
 * (later runs and shrink steps are skipped with fc.pre), so a broken target is not hammered.
 */
export async function runProperty<T>(run: PropertyRun<T>): Promise<PropertyResult> {
  const counts: Counts = { judged: 0, inconclusive: 0 };
  const reasons = new Set<string>();
  let failing = false;
  let failedAt = 0;
  let stoppedBy: { error: unknown } | undefined;

  const sample: Sample = {
    expect(condition, evidence) {
      if (!condition) throw new Deviation(sampleEvidence(evidence));
    },
    inconclusive(reason) {
      throw new Unjudged(reason);
    },
  };

  const property = fc.asyncProperty(run.arbitrary, async (value) => {
    if (stoppedBy) fc.pre(false);
    if (failing && run.shrinkMs !== undefined && Date.now() - failedAt > run.shrinkMs) fc.pre(false);
    try {
      await run.predicate(value, sample);
      if (!failing) counts.judged += 1;
    } catch (error) {
      if (error instanceof Unjudged) {
        if (!failing) {
          counts.inconclusive += 1;
          reasons.add(error.reason);
        }
        return;
      }
      if (fc.PreconditionFailure.isFailure(error)) throw error;
      if (!(error instanceof Deviation)) stoppedBy = { error };
      else if (!failing) counts.judged += 1;
      if (!failing) failedAt = Date.now();
      failing = true;
      throw error;
    }
  });

  const details = await fc.check(property, {
    seed: run.seed,
    numRuns: run.numRuns,
    ...(run.path ? { path: run.path } : {}),
    ...(run.examples ? { examples: run.examples.map((example) => [example] as [T]) } : {}),
    plugins: [fc.interruptAfterTimeLimit(Math.max(1, run.deadline - Date.now()))],
  });

  if (stoppedBy) return { kind: 'stopped', ...counts, error: stoppedBy.error };
  if (details.failed && details.errorInstance instanceof Deviation) {
    return {
      kind: 'deviated',
      ...counts,
      seed: details.seed,
      path: details.counterexamplePath ?? '',
      numRuns: run.numRuns,
      counterexample: jsonSafe((details.counterexample as [T] | null)?.[0]),
      deviation: details.errorInstance,
    };
  }
  if (details.failed && !details.interrupted) {
    const why = details.counterexample === null ? 'too many samples were skipped by fc.pre' : String(details.errorInstance);
    return { kind: 'stopped', ...counts, error: new Error(`the property could not run: ${why}`) };
  }
  return { kind: 'held', ...counts, reasons: [...reasons], interrupted: details.interrupted };
}

function sampleEvidence({ response, ...details }: SampleEvidence): Evidence {
  return response ? responseEvidence(response, details.title, details) : details;
}

/** A value as JSON can hold it (bigint as "123n", Map and Set as arrays). */
function jsonSafe(value: unknown): unknown {
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'bigint') return `${item}n`;
    if (item instanceof Map || item instanceof Set) return [...item];
    return item;
  });
  return text === undefined ? null : JSON.parse(text);
}
