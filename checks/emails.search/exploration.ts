/**
 * The exploring driver of emails/search: requests over every documented parameter, windows given by one
 * end, the other, both or neither, title and subject probes cut from the target's own emails.
 */
import fc from 'fast-check';
import { addDays, addMonths, defaultWindowMonths, exploredRequests, harnessNow, patternSource, textProbe, wildcardPattern, windowLimitMonths, windowWithin } from '../../generators';
import type { ApiClient, Target } from '../../harness/check';
import { formatDatetime } from '../../harness/oracles';
import { explorationOf, maxRpp } from '../../drivers';
import { wideWindowParams } from './date-windows';
import { STATUSES, OP } from './documented-values';
import { campaignIDsOf, DELIVERY, DETAIL, recordsOf } from '../../harness/model';
import { distinctReferences, idsOf, type EmailRecord } from './email-records';
import { transactionalCategories } from './filter-candidates';

/** The first page (rpp max) of each kind of search over the wide window: the records text and IDs are drawn from. */
async function sampleEmails(api: ApiClient, target: Target): Promise<EmailRecord[]> {
  const windowed = wideWindowParams(target);
  const kinds = [
    { deliveryType: DELIVERY.manual, status: STATUSES },
    { deliveryType: DELIVERY.automated, automatedResults: DETAIL },
    { deliveryType: DELIVERY.automated },
    { deliveryType: DELIVERY.transactional },
  ];
  const records: EmailRecord[] = [];
  for (const kind of kinds) {
    const response = await api.call(OP, { params: { ...kind, ...windowed, rpp: maxRpp(OP), page: 1 } });
    if (response.outcome === 'success') records.push(...recordsOf(response));
  }
  return records;
}

/** Text for title or subject: probes around the values (metacharacters literal), and `*` patterns cut from them. */
function textOf(records: EmailRecord[], field: 'title' | 'subject'): fc.Arbitrary<string> {
  const values = [...new Set(records.map((record) => record[field]).filter(patternSource))];
  if (values.length === 0) return textProbe([]);
  const patterns = fc.constantFrom(...values.slice(0, 200)).chain((value) => wildcardPattern(value).map((cut) => cut.pattern));
  return fc.oneof({ weight: 2, arbitrary: textProbe(values) }, { weight: 1, arbitrary: patterns });
}

/**
 * A window by one end, the other, both or neither (neither: no member). A lone start lies within the limit
 * before now, a lone end between a year ago and a day ahead; both ends span at most the limit less a day.
 */
function windows(target: Target, now: Date): fc.Arbitrary<Record<string, string>> {
  const format = (date: Date) => formatDatetime(date, target.profile.datetime.format);
  const limit = windowLimitMonths();
  const secondsBetween = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / 1000);
  const at = (from: Date, to: Date) => fc.integer({ min: 0, max: secondsBetween(from, to) }).map((s) => new Date(from.getTime() + s * 1000));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: at(addDays(addMonths(now, -limit), 2), now).map((start) => ({ dateSentStart: format(start) })) },
    // A lone end is where a default computed from the wrong end shows: drawn as often as both ends.
    { weight: 2, arbitrary: at(addMonths(now, -2 * defaultWindowMonths()), addDays(now, 1)).map((end) => ({ dateSentEnd: format(end) })) },
    {
      weight: 2,
      arbitrary: windowWithin(limit, now, { lengths: 'spread', maxDaysBack: 540 }).map(({ start, end }) => ({ dateSentStart: format(start), dateSentEnd: format(end) })),
    },
  );
}

export const emailsExploration = explorationOf('emails/search explored over its documented parameters', OP, async ({ api, target }) => {
  const records = await sampleEmails(api, target);
  if (records.length === 0) return 'no email found over the wide window';
  const ids = [...new Set(idsOf(records))];
  const categories = transactionalCategories(target);
  const from = <T>(values: T[], why: string) => (values.length > 0 ? { value: fc.constantFrom(...values) } : { why });
  const references: Record<string, { value: fc.Arbitrary<unknown> } | { why: string }> = {
    userID: from(distinctReferences(records, 'userID'), 'no email names its user'),
    parentEmailID: from(distinctReferences(records, 'parentEmailID'), 'no email names a parent'),
    campaignID: from([...new Set(records.flatMap(campaignIDsOf))], 'no email names a campaign'),
    transactionalCategory: from(categories, 'the profile names no transactional category (categories are not on the records)'),
  };
  const values: Record<string, fc.Arbitrary<unknown>> = {
    title: textOf(records, 'title'),
    subject: textOf(records, 'subject'),
    emailIDs: fc.subarray(ids.slice(0, 500), { minLength: 1, maxLength: 5 }),
  };
  const unexplored: Record<string, string> = {};
  for (const [name, source] of Object.entries(references)) {
    if ('value' in source) values[name] = source.value;
    else unexplored[name] = source.why;
  }
  return exploredRequests(OP, {
    values,
    joint: { names: ['dateSentStart', 'dateSentEnd'], arbitrary: windows(target, harnessNow()) },
    unexplored,
    omitWeights: { emailIDs: 6, userID: 4, parentEmailID: 6, campaignID: 5, transactionalCategory: 4, title: 2, subject: 2 },
  }).map((request) =>
    // transactionalCategory is valid only with its delivery type (x-valid-when): a request carrying it asks for that type.
    request.params.transactionalCategory === undefined ? request : { ...request, params: { ...request.params, deliveryType: DELIVERY.transactional } },
  );
});
