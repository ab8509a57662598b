/** The dateSent window a recorded emails/search request asked for, against the documented limit (dateSentEnd at most 18 months after dateSentStart). */
import type { ApiResponse, Target } from '../check';
import { readSentDatetime } from './sent-values';
import { addDays, addMonths, defaultWindowMonths, windowLimitMonths } from '../../generators';
import type { Standing } from './sent-params';

export interface SentWindow {
  start: Date;
  end: Date;
  /** Both bounds were sent (else the missing one is its documented default, from when the request started). */
  explicit: boolean;
}

/** The window a request asked for: its bounds, a missing one by its documented default; undefined when unreadable. */
export function sentWindow(exchange: ApiResponse & { startedAt?: number }, target: Pick<Target, 'profile'>): SentWindow | undefined {
  const { dateSentStart, dateSentEnd } = exchange.params;
  const explicit = dateSentStart !== undefined && dateSentEnd !== undefined;
  const now = exchange.startedAt ? new Date(exchange.startedAt) : undefined;
  const start = dateSentStart !== undefined ? readSentDatetime(dateSentStart, target) : now && addMonths(now, -defaultWindowMonths());
  const end = dateSentEnd !== undefined ? readSentDatetime(dateSentEnd, target) : now;
  return start && end ? { start, end, explicit } : undefined;
}

/**
 * A window against the limit, with the margins of the harness's own generators: at most the limit less a
 * day is within, the limit plus two days or more is outside, in between (clocks and month arithmetic may
 * differ) and backwards windows are unclear.
 */
export function windowStanding(window: SentWindow | undefined): Standing {
  if (!window || window.end < window.start) return 'unclear';
  const limit = addMonths(window.start, windowLimitMonths());
  if (window.end <= addDays(limit, -1)) return 'within';
  if (window.end >= addDays(limit, 2)) return 'outside';
  return 'unclear';
}
