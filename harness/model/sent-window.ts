// @silent-point emails.default-end
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
  /**
   * Where dateSentEnd was not sent: the earliest and latest end its default ("current date") may be under the
   * readings the catalogue allows (emails.default-end: the start of the current GMT day, now, or its end).
   */
  defaultEnd?: { earliest: Date; latest: Date };
}

const DAY_MS = 86_400_000;
const startOfDay = (moment: Date): Date => new Date(Math.floor(moment.getTime() / DAY_MS) * DAY_MS);

/** The window a request asked for: its bounds, a missing one by its documented default; undefined when unreadable. */
export function sentWindow(exchange: ApiResponse & { startedAt?: number }, target: Pick<Target, 'profile'>): SentWindow | undefined {
  const { dateSentStart, dateSentEnd } = exchange.params;
  const explicit = dateSentStart !== undefined && dateSentEnd !== undefined;
  const now = exchange.startedAt ? new Date(exchange.startedAt) : undefined;
  const start = dateSentStart !== undefined ? readSentDatetime(dateSentStart, target) : now && addMonths(now, -defaultWindowMonths());
  const end = dateSentEnd !== undefined ? readSentDatetime(dateSentEnd, target) : now;
  if (!start || !end) return undefined;
  const defaultEnd = dateSentEnd === undefined && now ? { earliest: startOfDay(now), latest: new Date(startOfDay(now).getTime() + DAY_MS - 1000) } : undefined;
  return { start, end, explicit, ...(defaultEnd ? { defaultEnd } : {}) };
}

/**
 * A window against the limit, with the margins of the harness's own generators: at most the limit less a
 * day is within, the limit plus two days or more is outside, in between (clocks and month arithmetic may
 * differ) and backwards windows are unclear. A defaulted end stands where every reading of its default puts it:
 * a start after the start of the current day is backwards under one reading (a refusal is allowed), unclear.
 */
export function windowStanding(window: SentWindow | undefined): Standing {
  if (!window) return 'unclear';
  const earliest = window.defaultEnd && window.defaultEnd.earliest < window.end ? window.defaultEnd.earliest : window.end;
  const latest = window.defaultEnd && window.defaultEnd.latest > window.end ? window.defaultEnd.latest : window.end;
  if (earliest < window.start) return 'unclear';
  const limit = addMonths(window.start, windowLimitMonths());
  if (latest <= addDays(limit, -1)) return 'within';
  if (earliest >= addDays(limit, 2)) return 'outside';
  return 'unclear';
}
