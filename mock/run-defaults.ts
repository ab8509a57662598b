/**
 * The export timings of a mock that serves conformance runs, shared by the embedded mock (mock/provider.ts) and the
 * standalone one (`npm run mock`, mock/cli.ts), so that the same harness sees the same target either way: a run
 * against one and a run against the other observe the same readings (no drift at exports.file-lifetime, where
 * 24 hours against a few seconds would read `hours` against `short`). `startMock` itself keeps its plain defaults
 * (mock/options.ts) for callers that start it by hand.
 */
import type { MockOptions } from './options';

/** exportPendingPolls: the duplicate checks ask twice while Pending; the third poll ends the job. */
export const RUN_PENDING_POLLS = 2;

/**
 * exportDelayMs: long past any gap between a check's polls, so that a job ends at its third poll
 * (RUN_PENDING_POLLS) and not by time; a job no check polls that often ends within a minute.
 */
export const RUN_EXPORT_DELAY_MS: [number, number] = [60_000, 60_000];

/**
 * exportFileLifetimeMs: long enough for a check to fetch a file again after a pause while it is surely before
 * fileExpiration (whole seconds, clocks read to the second), short enough that waiting past it costs a run a few
 * seconds. The mock's reading of exports.file-lifetime is then `short`, in both mocks.
 */
export const RUN_FILE_LIFETIME_MS = 3500;

/**
 * The same with more than the reference data (`scale` above 1): the mock's one thread answers every worker's
 * searches of a large account, a download and the polls around it come later after completion, and the pause
 * before the second download must still fit surely before fileExpiration.
 */
export const RUN_FILE_LIFETIME_AT_SCALE_MS = 6000;

/**
 * The export timings of a mock serving runs at this scale. The lifetime holds over a choice of
 * exports.file-lifetime (whose 24 hours or 30 minutes a run would wait out before judging a file refused after
 * fileExpiration); `startMock` without it takes that choice.
 */
export function runExportDefaults(scale: number | undefined): Required<Pick<MockOptions, 'exportPendingPolls' | 'exportDelayMs' | 'exportFileLifetimeMs'>> {
  return {
    exportPendingPolls: RUN_PENDING_POLLS,
    exportDelayMs: RUN_EXPORT_DELAY_MS,
    exportFileLifetimeMs: scale !== undefined && scale > 1 ? RUN_FILE_LIFETIME_AT_SCALE_MS : RUN_FILE_LIFETIME_MS,
  };
}
