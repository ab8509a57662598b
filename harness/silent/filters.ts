/** Search filters and windows where the documents leave a choice. */
import { operationParameters } from '../contract';
import { isUnsent } from '../model';
import { comparableValues, foldCase, judgeOrder, parseTargetDatetime, readBoolean, readInteger, referencedID, refersToRecord } from '../oracles';
import { answered, idOf, listParam, recordsOf, requestKey, textParam } from './_internals/answers';
import { fitting } from './_internals/candidates';
import { reference, wholeSearches } from './_internals/whole';
import { observer, saw, type Sighting } from './_internals/sighting';

export const privateOne = observer('groups.private-1', (traffic) => {
  const sightings: Sighting[] = [];
  for (const exchange of answered(traffic, 'groups.search')) {
    if (readBoolean(exchange.params.private) !== true) continue;
    if (recordsOf(exchange).some((group) => readBoolean(group.private) === false)) sightings.push(saw('no-filter', 'groups/search private=1 -> returned groups not private'));
  }
  for (const search of wholeSearches(traffic, 'groups.search').values()) {
    if (readBoolean(search.first.params.private) !== true || search.records.some((group) => readBoolean(group.private) === false)) continue;
    const without = reference(traffic, 'groups.search', search, 'private');
    if (without?.records.some((group) => readBoolean(group.private) === false)) sightings.push(saw('private-only', 'groups/search private=1 -> private groups only'));
  }
  return sightings;
});

export const userIDAccess = observer('groups.userID-access', (traffic) => {
  const sightings: Sighting[] = [];
  for (const exchange of answered(traffic, 'groups.search')) {
    const user = readInteger(exchange.params.userID);
    if (user !== undefined && recordsOf(exchange).some((group) => referencedID(group.userID) !== user)) sightings.push(saw('wider', 'groups/search userID -> also groups of other owners'));
  }
  for (const search of wholeSearches(traffic, 'groups.search').values()) {
    const user = readInteger(search.first.params.userID);
    if (user === undefined || search.records.length === 0 || search.records.some((group) => referencedID(group.userID) !== user)) continue;
    const without = reference(traffic, 'groups.search', search, 'userID');
    if (without?.records.some((group) => referencedID(group.userID) !== user)) sightings.push(saw('owned', 'groups/search userID -> the groups the user owns only'));
  }
  // Access wider than ownership for one user is the wider reading (an administrator's), whatever the others showed.
  const wider = sightings.filter((s) => s.reading === 'wider');
  return wider.length > 0 ? wider : sightings;
});

/** The status values emails/search documents (the spec's enum), letter case aside. */
const documentedStatuses = (): Set<string> => {
  const status = operationParameters('emails.search').status as { items?: { enum?: unknown[] }; enum?: unknown[] } | undefined;
  return new Set((status?.items?.enum ?? status?.enum ?? []).map((value) => foldCase(value)));
};

export const statusOutsideManual = observer('emails.status-outside-manual', (traffic) => {
  const statuses = documentedStatuses();
  const accepted = new Set(answered(traffic, 'emails.search').map((exchange) => requestKey(exchange, 'status', 'page')));
  const sightings: Sighting[] = [];
  for (const exchange of traffic.of('emails.search')) {
    const deliveryType = textParam(exchange, 'deliveryType');
    if (exchange.outcome === 'transport' || deliveryType === undefined || deliveryType === 'manual') continue;
    const values = listParam(exchange, 'status');
    if (values.length === 0 || values.every((value) => statuses.has(value))) continue;
    // The same request with another status (or none) was answered: the unknown status is what differs.
    if (!accepted.has(requestKey(exchange, 'status', 'page'))) continue;
    sightings.push(exchange.outcome === 'error' ? saw('validated', `emails/search ${deliveryType} with an unknown status -> refused`) : saw('not-read', `emails/search ${deliveryType} with an unknown status -> answered`));
  }
  return sightings;
});

/** The parameters of an emails/search that select by no record field: the delivery type, the status list, the window, paging and order. */
const UNFILTERED = new Set(['deliveryType', 'status', 'automatedResults', 'dateSentStart', 'dateSentEnd', 'page', 'rpp', 'sortField', 'sortDirection']);

const manualSearch = (params: Record<string, unknown>): boolean => params.parentEmailID === undefined && (params.deliveryType === undefined || foldCase(params.deliveryType) === 'manual');

export const abSendsInManual = observer('emails.ab-sends-in-manual', (traffic) => {
  const sightings: Sighting[] = [];
  const manual = answered(traffic, 'emails.search').filter((exchange) => manualSearch(exchange.params));
  if (manual.some((exchange) => recordsOf(exchange).some((record) => refersToRecord(record.parentEmailID)))) {
    return [saw('parents-and-sends', 'emails/search manual -> A/B split sends beside their parents')];
  }
  // A manual search read whole that selects by nothing but the window and status, holding an A/B split parent and no send.
  for (const search of wholeSearches(traffic, 'emails.search').values()) {
    const { params } = search.first;
    if (!manualSearch(params) || !Object.keys(params).every((name) => UNFILTERED.has(name))) continue;
    if (search.records.some((record) => refersToRecord(record.abSplitID) && !refersToRecord(record.parentEmailID))) {
      sightings.push(saw('parents-only', 'emails/search manual, read whole -> an A/B split parent, none of its sends'));
    }
  }
  const manualIDs = new Set(manual.flatMap((exchange) => recordsOf(exchange).map((record) => idOf('emails.search', record))));
  // Sends of a manual parent shown through parentEmailID, never in a manual search.
  for (const exchange of answered(traffic, 'emails.search')) {
    const parent = readInteger(exchange.params.parentEmailID);
    if (parent !== undefined && manualIDs.has(parent) && recordsOf(exchange).length > 0) {
      sightings.push(saw('parents-only', 'emails/search manual -> parents only; their sends through parentEmailID'));
    }
  }
  return sightings;
});

const MIXED_UNSENT = ['draft', 'scheduled'];

export const defaultSortMixedStatus = observer('emails.default-sort-mixed-status', (traffic, target) => {
  const format = target.profile.datetime.format;
  const fits = { dateAdded: true, dateSent: true };
  let judged = 0;
  for (const exchange of answered(traffic, 'emails.search')) {
    const statuses = listParam(exchange, 'status');
    if (exchange.params.sortField !== undefined || !manualSearch(exchange.params) || !statuses.includes('sent') || !statuses.some((s) => MIXED_UNSENT.includes(s))) continue;
    const direction = textParam(exchange, 'sortDirection') === 'asc' ? 'asc' : 'desc';
    const records = recordsOf(exchange);
    for (const field of ['dateAdded', 'dateSent'] as const) {
      const values = comparableValues(records.map((record) => record[field]), 'datetime', format);
      const order = judgeOrder(values, 'datetime', direction);
      if (order.comparablePairs === 0) continue;
      judged++;
      if (!order.ok) fits[field] = false;
    }
  }
  if (judged === 0) return [];
  const open = Object.entries(fits).filter(([, fit]) => fit).map(([field]) => field);
  return fitting(Object.keys(fits), (reading) => fits[reading as keyof typeof fits], `emails/search sent with draft or scheduled, no sortField -> ${open.length > 0 ? `ordered by ${open.join(' or ')}` : 'neither order'}`);
});

const DAY_MS = 86_400_000;

export const defaultEnd = observer('emails.default-end', (traffic, target) => {
  const format = target.profile.datetime.format;
  const ruledOut = new Set<string>();
  for (const exchange of answered(traffic, 'emails.search')) {
    if (exchange.params.dateSentEnd !== undefined || exchange.params.parentEmailID !== undefined) continue;
    const now = exchange.date === undefined ? Number.NaN : Date.parse(exchange.date);
    if (Number.isNaN(now)) continue;
    const startOfDay = Math.floor(now / DAY_MS) * DAY_MS;
    for (const record of recordsOf(exchange)) {
      // A draft or scheduled email may carry its planned send time as dateSent, outside every window (emails.unsent-dateSent): it decides nothing.
      if (isUnsent(record)) continue;
      const sent = parseTargetDatetime(record.dateSent, format)?.getTime();
      if (sent === undefined) continue;
      if (sent >= startOfDay) ruledOut.add('start-of-day');
      // The Date header has whole seconds: a send in the second after it is still "now".
      if (sent > now + 1000) ruledOut.add('now');
    }
  }
  const readings = ['now', 'end-of-day', 'start-of-day'];
  const open = readings.filter((reading) => !ruledOut.has(reading));
  return fitting(readings, (reading) => !ruledOut.has(reading), `emails/search without dateSentEnd -> ${[...ruledOut].sort().map((r) => `not ${r}`).join(', ') || open.join(', ')}`);
});

export const dateSentEndInclusive = observer('emails.dateSentEnd-inclusive', (traffic, target) => {
  const format = target.profile.datetime.format;
  const sightings: Sighting[] = [];
  for (const exchange of answered(traffic, 'emails.search')) {
    const end = parseTargetDatetime(exchange.params.dateSentEnd, format)?.getTime();
    if (end !== undefined && recordsOf(exchange).some((record) => !isUnsent(record) && parseTargetDatetime(record.dateSent, format)?.getTime() === end)) {
      sightings.push(saw('inclusive', 'emails/search an email sent at dateSentEnd -> included'));
    }
  }
  // An email sent exactly at dateSentEnd, found by the same search ending later, left out.
  const searches = [...wholeSearches(traffic, 'emails.search').values()];
  const byRest = new Map<string, typeof searches>();
  for (const search of searches) {
    const key = requestKey(search.first, 'dateSentEnd', 'page', 'rpp', 'sortField', 'sortDirection');
    byRest.set(key, [...(byRest.get(key) ?? []), search]);
  }
  for (const group of byRest.values()) {
    for (const search of group) {
      const end = parseTargetDatetime(search.first.params.dateSentEnd, format)?.getTime();
      if (end === undefined) continue;
      for (const later of group) {
        const laterEnd = parseTargetDatetime(later.first.params.dateSentEnd, format)?.getTime();
        if (laterEnd === undefined || laterEnd <= end) continue;
        const atEnd = later.records.filter((record) => parseTargetDatetime(record.dateSent, format)?.getTime() === end);
        if (atEnd.some((record) => !search.ids.has(idOf('emails.search', record) ?? -1))) sightings.push(saw('exclusive', 'emails/search an email sent at dateSentEnd -> left out'));
      }
    }
  }
  return sightings;
});
