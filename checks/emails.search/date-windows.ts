/**
 * The dateSent windows of the checks: the explicit wide window they search over, the documented
 * default window, and a window as request parameters.
 */
import type { Target } from '../../harness/check';
import { formatDatetime } from '../../harness/oracles';
import { addDays, addMonths, defaultWindowMonths, harnessNow, windowLimitMonths, type DateWindow } from '../../generators';
import type { Params } from './email-records';

/**
 * Months the explicit discovery window spans: twice the default window, so emails older than the
 * default start are in sight, but never more than the limit and well inside it, so that checks of
 * other rules do not lean on the limit being honoured to the day (the window-limit rule judges that).
 */
export const wideWindowMonths = (): number => Math.min(windowLimitMonths(), 2 * defaultWindowMonths());

/**
 * The explicit window the checks search over: it ends a day after now (so every email sent up to now
 * is inside whatever the target's clock says) and starts wideWindowMonths before that, plus two days
 * of margin for month arithmetic.
 */
export function wideWindow(now: Date): DateWindow {
  const end = addDays(now, 1);
  return { start: addDays(addMonths(end, -wideWindowMonths()), 2), end };
}

/** The start of the documented default window (6 months before now). */
export const defaultWindowStart = (now: Date): Date => addMonths(now, -defaultWindowMonths());

export function windowParams(window: DateWindow, target: Target): Params {
  const format = target.profile.datetime.format;
  return { dateSentStart: formatDatetime(window.start, format), dateSentEnd: formatDatetime(window.end, format) };
}

/** The wide window from the harness's now, as request parameters. */
export const wideWindowParams = (target: Target): Params => windowParams(wideWindow(harnessNow()), target);
