import { createApiClient, type ApiClient, type RequestRecorder } from '../exchanges';
import { resolveTarget, type Target, Judge, sharedRateLimiter } from '../core';
import { Coverage } from './coverage';

/**
 * How a test's tools are wired: the target a worker resolves, the judge and coverage a test records
 * into, and the client that counts its requests there under the run's rate cap. The Playwright
 * fixtures (fixtures.ts) build every test's tools here, and so does `npm run bench`, so what it
 * measures is the client a check gets.
 */

type Env = Record<string, string | undefined>;

/**
 * A run's target: the environment, with the variables the run's tests set on top
 * (`test.use({ targetEnv })`; each run of the fault matrix names its own mock this way).
 */
export function workerTarget(env: Env, targetEnv: Env = {}): Target {
  return resolveTarget({ ...env, ...targetEnv });
}

/** Where one test's requests are recorded: its judge (verdicts, request counts) and its coverage. */
export interface Recording {
  judge: Judge;
  coverage: Coverage;
}

/** A fresh recording for a test that declares these rules. */
export function newRecording(target: Target, declared: readonly string[]): Recording {
  return { judge: new Judge(declared, target), coverage: new Coverage() };
}

/** Where a client's transport failures and exchanges go (its requests are always counted in the recording). */
export type ClientReports = Pick<RequestRecorder, 'transportFailure' | 'exchange'>;

/** Transport failures are left to the caller (the client throws them); exchanges go nowhere. */
const callerReports: ClientReports = { transportFailure: () => undefined };

/**
 * A client that counts every request in the recording (judge and coverage) and reports transport
 * failures and exchanges as told; the run's rate cap is shared by its `workers`.
 */
export function wiredClient(target: Target, recording: Recording, workers: number, report: ClientReports = callerReports): ApiClient {
  return createApiClient(target, {
    rateLimiter: sharedRateLimiter(target.maxRps / Math.max(1, workers)),
    recorder: {
      request(op, params) {
        recording.judge.countRequest();
        recording.coverage.count(op, params);
      },
      rateLimited: () => recording.coverage.rateLimited(),
      ...report,
    },
  });
}
