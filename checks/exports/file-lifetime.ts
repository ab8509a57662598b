// @silent-point exports.file-lifetime
/**
 * An export file's lifetime against the target's clock: when a getFile answer was surely given before
 * fileExpiration, from when on a request surely reaches the target after it, and how long a check may wait.
 * fileExpiration is a GMT datetime to the second, and the target's clock need not agree with ours: it is read
 * from the HTTP Date header of its answers (to the second, within the time a request took), or, when it sends
 * none, taken to lie within a tolerance of a few seconds of ours.
 */
import { endOf, type ApiClient, type ApiResponse, type RecordedExchange, type Target } from '../../harness/check';
import { statedDate } from '../../harness/model';

/** How far the target's clock may be from ours when its answers carry no Date header. */
export const CLOCK_TOLERANCE_MS = 3000;
/** fileExpiration (and the Date header) name a whole second: the file may be available until that second ends. */
const SECOND_MS = 1000;
/** Kept between a planned request and the moment it must fall before or after, for the request's own travel. */
const MARGIN_MS = 250;

/** One getFile request: when it left and when its answer came (our clock, ms since epoch). */
export interface Fetch {
  label: string;
  sentAt: number;
  receivedAt: number;
  response: ApiResponse;
}

export async function fetchFile(api: ApiClient, fileKey: string, label: string): Promise<Fetch> {
  const sentAt = Date.now();
  const response = await api.call('exports.getFile', { params: { fileKey } });
  return { label, sentAt, receivedAt: Date.now(), response };
}

/** A recorded getFile as a fetch: sent when it started, answered when it ended (our clock). */
export const fetchOfExchange = (exchange: RecordedExchange, label: string): Fetch => ({ label, sentAt: exchange.startedAt, receivedAt: endOf(exchange), response: exchange });

/** The target's clock minus ours (ms): at least `low`, at most `high`; `basis` says what that rests on. */
export interface TargetClock {
  low: number;
  high: number;
  basis: string;
}

/** One answer's reading: the target wrote its Date header between our sending and receiving, during the second it names. */
function readingOf(fetch: Fetch): { low: number; high: number } | undefined {
  const said = statedDate(fetch.response);
  if (said === undefined) return undefined;
  return { low: said - fetch.receivedAt, high: said + SECOND_MS - fetch.sentAt };
}

/** The target's clock as the answers' Date headers tell it (their readings intersected), else the tolerance. */
export function targetClock(fetches: readonly Fetch[]): TargetClock {
  const readings = fetches.map(readingOf).filter((reading) => reading !== undefined);
  if (readings.length === 0) {
    return { low: -CLOCK_TOLERANCE_MS, high: CLOCK_TOLERANCE_MS, basis: `its answers carry no Date header, so its clock is taken within ${CLOCK_TOLERANCE_MS / 1000} s of ours` };
  }
  const low = Math.max(...readings.map((reading) => reading.low));
  const high = Math.min(...readings.map((reading) => reading.high));
  // Readings that do not overlap: the target's clock moved between answers; the latest one stands.
  const clock = low <= high ? { low, high } : readings.at(-1)!;
  return { ...clock, basis: `its clock read from the Date headers of its answers: ${seconds(clock.low)} to ${seconds(clock.high)} s from ours` };
}

/** Whether the target answered the fetch no later than fileExpiration on its own clock, whatever the clocks' difference. */
export const surelyBefore = (fetch: Fetch, clock: TargetClock, until: number): boolean => fetch.receivedAt + clock.high <= until;

/** Whether, at this moment of our clock, the second fileExpiration names has surely ended on the target's clock. */
export const surelyPast = (moment: number, clock: TargetClock, until: number): boolean => moment + clock.low >= until + SECOND_MS;

/** The last moment (our clock) a request can be sent and still be answered surely before fileExpiration. */
export const lastMomentBefore = (clock: TargetClock, until: number): number => until - clock.high - MARGIN_MS;

/** The first moment (our clock) a request surely reaches the target once the second fileExpiration names has ended. */
export const firstMomentPast = (clock: TargetClock, until: number): number => until + SECOND_MS + MARGIN_MS - clock.low;

/**
 * How long from now the check may wait for a moment of the file's lifetime: one export budget
 * (EMS_EXPORT_BUDGET_S, how long the run waits on the export machinery at a time), and never past the
 * run's time budget less one request timeout. `bound` names the limit that binds, for the reason.
 */
export function waitLimit(target: Target, now = Date.now()): { until: number; bound: string } {
  const exportBound = now + target.exportBudgetS * 1000;
  const runBound = target.deadline - target.timeoutMs;
  return exportBound <= runBound
    ? { until: exportBound, bound: `the export budget a check waits for it (EMS_EXPORT_BUDGET_S=${target.exportBudgetS} s)` }
    : { until: runBound, bound: "the run's time budget (EMS_BUDGET_S)" };
}

/** Waits until the moment (named: `npm run bench` tells the harness's waits by the function that sets the timer). */
export const sleepUntil = (moment: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, moment - Date.now())));

export const seconds = (ms: number): string => (ms / 1000).toFixed(1);
