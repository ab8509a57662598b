import type { Choices } from '../choices/choices';
import { addMonths, DAY_MS, HOUR_MS } from '../datetime';
import { invalidParameter } from '../errors';
import type { OperationContext } from './operation';

const DELIVERY_TYPES = ['manual', 'automated', 'transactional'] as const;
const STATUSES = ['draft', 'scheduled', 'sent'] as const;
const AUTOMATED_RESULTS = ['summary', 'detail'] as const;
const SORT_FIELDS = ['emailID', 'userID', 'title', 'subject', 'dateAdded', 'dateModified', 'dateSent'] as const;
const DIRECTIONS = ['asc', 'desc'] as const;
const WINDOW_LIMIT_MONTHS = 18;
const DEFAULT_WINDOW_MONTHS = 6;
/** The offset a fault reads zone-less ISO 8601 window ends at (+02:00). */
const ZONELESS_OFFSET_MS = 2 * HOUR_MS;

type DeliveryTypeParam = (typeof DELIVERY_TYPES)[number];
type StatusParam = (typeof STATUSES)[number];
export type EmailSortField = (typeof SORT_FIELDS)[number];

/** The parameters of an email search, validated, with their defaults applied. */
export interface EmailQuery {
  deliveryType: DeliveryTypeParam;
  /** The deliveryType-default fault: no deliveryType passed, every type searched. */
  allDeliveryTypes: boolean;
  statuses: StatusParam[];
  statusGiven: boolean;
  automatedResults: (typeof AUTOMATED_RESULTS)[number];
  userID?: number;
  title?: string;
  subject?: string;
  dateSentStart: number;
  dateSentEnd: number;
  emailIDs?: number[];
  parentEmailID?: number;
  transactionalCategory?: string;
  campaignID?: number;
  sortField?: EmailSortField;
  sortDirection?: 'asc' | 'desc';
}

/**
 * emails.status-outside-manual=not-read: status is read (and validated) only for manual searches, where it
 * applies; emails.default-end: the default dateSentEnd is now, the end of the current day (23:59:59) or its start.
 */
export function readEmailQuery({ params, fault, now, choices, method }: OperationContext): EmailQuery {
  const deliveryType = params.choice('deliveryType', DELIVERY_TYPES, fault('emails-unknown-delivery-type-accepted'));
  const statusIgnored = choices.is('emails.status-outside-manual', 'not-read') && (deliveryType ?? 'manual') !== 'manual';
  const statusRead = statusIgnored ? undefined : params.choiceList('status', STATUSES, fault('emails-unknown-status-accepted'));
  // Fault emails-post-status-ignored: a POST takes status from the query string only; one in the JSON body is validated, then dropped.
  const bodyStatusDropped = method === 'POST' && !params.inQuery('status') && fault('emails-post-status-ignored');
  const requestedStatuses = bodyStatusDropped ? undefined : statusRead;
  const statusGiven = requestedStatuses !== undefined && requestedStatuses.length > 0;
  const defaultStatuses: StatusParam[] = fault('emails-status-default-all') ? [...STATUSES] : ['sent'];
  const sentEnd = params.datetime('dateSentEnd');
  const query: EmailQuery = {
    deliveryType: deliveryType ?? 'manual',
    allDeliveryTypes: deliveryType === undefined && fault('emails-delivery-type-default-all'),
    statuses: requestedStatuses && requestedStatuses.length > 0 ? requestedStatuses : defaultStatuses,
    statusGiven,
    automatedResults:
      params.choice('automatedResults', AUTOMATED_RESULTS, fault('emails-unknown-automated-results-accepted')) ??
      (fault('emails-automated-default-detail') ? 'detail' : 'summary'),
    userID: params.integer('userID'),
    title: params.string('title'),
    subject: params.string('subject'),
    dateSentStart:
      params.datetime('dateSentStart') ??
      addMonths(sentEnd !== undefined && fault('emails-start-default-from-end') ? sentEnd : now, fault('emails-default-window-12-months') ? -12 : -DEFAULT_WINDOW_MONTHS),
    dateSentEnd: sentEnd ?? (fault('emails-default-end-day-early') ? now - DAY_MS : defaultEnd(now, choices)),
    emailIDs: params.integerList('emailIDs'),
    parentEmailID: params.integer('parentEmailID'),
    transactionalCategory: params.string('transactionalCategory'),
    campaignID: params.integer('campaignID'),
    sortField: params.choice('sortField', SORT_FIELDS, fault('emails-unknown-sort-field-accepted')),
    sortDirection: params.choice('sortDirection', DIRECTIONS, fault('emails-unknown-sort-direction-accepted')),
  };
  if (query.transactionalCategory !== undefined && query.deliveryType !== 'transactional' && !fault('emails-category-accepted-anywhere')) {
    throw invalidParameter('transactionalCategory is valid only when deliveryType is transactional');
  }
  checkWindow(query, fault);
  if (fault('emails-datetime-no-zone-shifted')) shiftZonelessWindow(query, params);
  return query;
}

/**
 * Fault emails-datetime-no-zone-shifted: the window is checked as sent (GMT), but filtered with ISO 8601 ends
 * written without a zone designator read at +02:00 (a store that reads zone-less times in its own zone), so the
 * window starts and ends two hours early.
 */
function shiftZonelessWindow(query: EmailQuery, params: OperationContext['params']): void {
  query.dateSentStart = params.datetime('dateSentStart', ZONELESS_OFFSET_MS) ?? query.dateSentStart;
  query.dateSentEnd = params.datetime('dateSentEnd', ZONELESS_OFFSET_MS) ?? query.dateSentEnd;
}

/** The default dateSentEnd ("current date", emails.default-end): now, the end of the current day (GMT, 23:59:59), or its start. */
function defaultEnd(now: number, choices: Choices): number {
  const startOfDay = Math.floor(now / DAY_MS) * DAY_MS;
  if (choices.is('emails.default-end', 'end-of-day')) return startOfDay + DAY_MS - 1000;
  if (choices.is('emails.default-end', 'start-of-day')) return startOfDay;
  return now;
}

/** dateSentStart must not be after dateSentEnd, and the window may span at most 18 calendar months. */
function checkWindow(query: EmailQuery, fault: OperationContext['fault']): void {
  if (query.dateSentStart > query.dateSentEnd) throw invalidParameter('dateSentStart is after dateSentEnd');
  if (fault('emails-window-limit-unchecked')) return;
  const months = fault('emails-window-limit-12-months') ? 12 : WINDOW_LIMIT_MONTHS;
  if (query.dateSentEnd > addMonths(query.dateSentStart, months)) {
    throw invalidParameter(`dateSentEnd may be at most ${months} months after dateSentStart`);
  }
}
