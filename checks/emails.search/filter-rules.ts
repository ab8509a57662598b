// @silent-point emails.ab-sends-in-manual
/**
 * The emails/search filter rules and their defaults, each on the model's reading of its filter
 * (harness/model emailsSearchFilters; checks/shared/judges judgeFilter). Each judges every served search
 * that asked its filter (or left it out, for a default), whatever else the search asked: no email the
 * filter forbids comes back; and where the filter came with nothing but a search's base parameters, a
 * search read whole holds what it should, compared with another search read whole.
 */
import type { RecordedExchange, RecordedTraffic, Target } from '../../harness/check';
import { allowedSpelling, dateSentFilter, DEFAULT_STATUSES, DELIVERY, DETAIL, emailsSearchFilters, required, spelledList, SUMMARY, type Params, type SearchFilter } from '../../harness/model';
import { foldCase } from '../../harness/oracles';
import { fromReference, sendsOnly, type BoundRule, type Expectation, type FilterRule } from '../shared/judges';
import { DELIVERY_TYPES, OP } from './documented-values';
import { parentKindsWithSendsShown, type ParentKind } from './parent-kinds';

const FILTERS = emailsSearchFilters;

/** The window of a search: sent with any filter. */
const WINDOW = ['dateSentStart', 'dateSentEnd'];
/** What narrows a large account's searches, the compared ones alike (narrowing.ts): a companion of the status and default rules. */
const NARROWING = 'emailIDs';
/** What the catalogue's searches send besides a filter: a delivery type, its status or results, the window. */
const BASE = ['deliveryType', 'status', 'automatedResults', ...WINDOW];

/** The delivery type a request sent explicitly (the default is deliveryType.default's rule), as the spec spells it. */
const sentDelivery = (e: RecordedExchange): string | undefined => allowedSpelling(OP, 'deliveryType', e.params.deliveryType);

const withParam = (e: RecordedExchange, name: string, value: unknown): Params => ({ ...e.params, [name]: value });

/**
 * The reference search's records `keep` keeps (fromReference). Its answers at other times are a sample of it
 * only when it gives both ends of its window: a default end moves with the clock, and an email near it may
 * be in one answer and not in the next.
 */
const reference = (traffic: RecordedTraffic, params: Params, keep: (record: Record<string, unknown>) => boolean): Expectation =>
  fromReference(traffic, OP, params, keep, { sampleable: WINDOW.every((end) => params[end] !== undefined) });

/**
 * A filter whose value the records show: no email it forbids (membership), and every email of the same
 * search without the filter read whole that it requires (exact: and no other).
 */
function exactRule<V>(param: keyof typeof FILTERS, mode: 'exact' | 'covers' = 'exact'): FilterRule<V> {
  const filter = FILTERS[param] as SearchFilter<V>;
  return {
    comparedValue: (e) => (sentDelivery(e) && sendsOnly(e, [param, ...BASE]) ? filter.asked(e.params) : undefined),
    membership: { filter, when: 'sent' },
    expected: (walk, value, traffic) => reference(traffic, withParam(walk.pages[0]!, param, undefined), (record) => required(filter, record, value)),
    mode,
    needsComparison: true,
    describe: (value) => `${param}=${JSON.stringify(value)}`,
    none: `no search with ${param} (and a deliveryType, and no filter but status, automatedResults and the window)`,
  };
}

export const userIDRule = () => exactRule<number>('userID');
export const campaignIDRule = () => exactRule<number>('campaignID');
/**
 * parentEmailID ("Returns the individual sends of an automated or A/B split email"): every send of that parent
 * the same search without parentEmailID shows (the membership judge sees that nothing but its sends comes
 * back). An automated search's sends are what automatedResults=detail returns, while a summary folds them into
 * their parent (interface.md, automatedResults), so its reference is the same search without parentEmailID and
 * with automatedResults=detail, whatever automatedResults it sent; a manual (A/B split) search's reference is
 * the same search without parentEmailID. Whether a manual search lists the sends of A/B splits is not written:
 * a send the reference does not list is no fault, so the comparison is `covers`. Each kind of parent whose
 * sends the traffic shows elsewhere (parent-kinds.ts) needs a comparison that expected sends.
 */
export function parentEmailIDRule(): FilterRule<number> {
  const childOf = (record: Record<string, unknown>, parent: number) => required(FILTERS.parentEmailID, record, parent);
  const rule = exactRule<number>('parentEmailID', 'covers');
  return {
    ...rule,
    expected: (walk, parent, traffic) => {
      const without = withParam(walk.pages[0]!, 'parentEmailID', undefined);
      const automated = foldCase(sentDelivery(walk.pages[0]!)) === foldCase(DELIVERY.automated);
      const manual = foldCase(sentDelivery(walk.pages[0]!)) === foldCase(DELIVERY.manual);
      const expectation = reference(traffic, automated ? { ...without, automatedResults: DETAIL } : without, (record) => childOf(record, parent));
      if (typeof expectation === 'string' || expectation.ids.length === 0) return expectation;
      const kind: ParentKind | undefined = automated ? 'automated' : manual ? 'A/B split' : undefined;
      return kind ? { ...expectation, case: `a parent of kind ${kind} with sends` } : expectation;
    },
    cases: (traffic) => parentKindsWithSendsShown(traffic).map((kind) => `a parent of kind ${kind} with sends`),
  };
}
export const emailIDsRule = () => exactRule<number[]>('emailIDs');

/** title or subject with *: a misfit matches under no reading (anywhere, case aside); every record matching as written comes back. */
export const wildcardRule = (field: 'title' | 'subject') => exactRule<string>(field, 'covers');

/** deliveryType: every record has the type asked for (each type needs a record judged). */
export function deliveryTypeRule(): FilterRule<string> {
  return {
    membership: { filter: FILTERS.deliveryType, when: 'sent', caseOf: String },
    cases: DELIVERY_TYPES,
    needsComparison: false,
    describe: (type) => `deliveryType=${type}`,
    none: 'no search with a deliveryType (and no filter but automatedResults and the window)',
  };
}

/** The statuses a manual search sent, as the spec spells them; undefined unless every one is allowed. */
const sentStatuses = (e: RecordedExchange): string[] | undefined => spelledList(OP, 'status', e.params.status);

const isManual = (e: RecordedExchange): boolean => foldCase(sentDelivery(e)) === foldCase(DELIVERY.manual);

/** A list of statuses holds exactly the emails of each status alone (same search otherwise), both read whole. */
function unionOfAlone(traffic: RecordedTraffic, e: RecordedExchange, statuses: string[]): Expectation {
  if (statuses.length < 2) return 'a single status is judged by its records only';
  const ids: unknown[] = [];
  let nonEmpty = 0;
  let sampled = false;
  let from: Exclude<Expectation, string> | undefined;
  for (const status of statuses) {
    const alone = reference(traffic, withParam(e, 'status', [status]), () => true);
    if (typeof alone === 'string') return alone;
    ids.push(...alone.ids);
    from ??= alone;
    sampled ||= alone.sampled === true;
    if (alone.ids.length > 0) nonEmpty += 1;
  }
  if (nonEmpty < 2) return `only ${nonEmpty} of the statuses ${statuses.join(', ')} has manual emails, too few to judge a list`;
  return { ids, from: from!.from, ...(sampled ? { sampled } : {}) };
}

/** status in a manual search: every record has one of the statuses; a list holds the emails of each status alone. */
export function statusFilterRule(): FilterRule<string[]> {
  return {
    comparedValue: (e) => (isManual(e) && sendsOnly(e, ['deliveryType', 'status', ...WINDOW, NARROWING]) ? sentStatuses(e) : undefined),
    membership: { filter: FILTERS.status, when: 'sent' },
    expected: (walk, statuses, traffic) => unionOfAlone(traffic, walk.pages[0]!, statuses),
    needsComparison: true,
    describe: (statuses) => `status=${statuses.join(',')}`,
    none: `no manual search with status (and no filter but the window)`,
  };
}

/**
 * A parameter's default: the search without it returns the emails of the same search with the default sent;
 * with the model's `filter`, no served search without it returns an email the default forbids.
 */
function defaultRule(param: string, value: string | string[], companions: string[], filter?: SearchFilter, needs: (e: RecordedExchange) => boolean = () => true): FilterRule<true> {
  return {
    comparedValue: (e) => (e.params[param] === undefined && needs(e) && sendsOnly(e, [...companions, NARROWING]) ? true : undefined),
    ...(filter ? { membership: { filter, when: 'omitted' as const } } : {}),
    expected: (walk, _value, traffic) => reference(traffic, withParam(walk.pages[0]!, param, value), () => true),
    untelling: (expected) => (expected.length === 0 ? `the search with ${param}=${String(value)} returned no record` : undefined),
    needsComparison: true,
    describe: () => `a search without ${param}`,
    none: `no search without ${param} (and no filter but ${companions.join(', ')})`,
  };
}

export const statusDefaultRule = () =>
  defaultRule('status', DEFAULT_STATUSES, ['deliveryType', ...WINDOW], FILTERS.status, isManual);
export const deliveryTypeDefaultRule = () => defaultRule('deliveryType', DELIVERY.manual, WINDOW, FILTERS.deliveryType);
export const automatedResultsDefaultRule = () =>
  defaultRule('automatedResults', SUMMARY, ['deliveryType', ...WINDOW], undefined, (e) => foldCase(sentDelivery(e)) === foldCase(DELIVERY.automated));

/** dateSent: every sent email's dateSent lies within the bounds sent (an automated summary aside: emails.summary-dateSent). */
export function dateSentRule(target: Target): FilterRule<never> {
  return {
    membership: { filter: dateSentFilter(target), when: 'sent' },
    needsComparison: false,
    describe: () => 'a dateSent bound',
    none: 'no search with a dateSent bound as a full datetime (but of automated summaries)',
  };
}

/** status in an automated or transactional search changes nothing: read whole, the same emails as the search without status. */
export function statusIgnoredRule(): FilterRule<string[]> {
  return {
    comparedValue: (e) => (sentDelivery(e) && !isManual(e) && sendsOnly(e, [...BASE, NARROWING]) ? sentStatuses(e) : undefined),
    expected: (walk, _statuses, traffic) => reference(traffic, withParam(walk.pages[0]!, 'status', undefined), () => true),
    needsComparison: true,
    describe: (statuses) => `status=${statuses.join(',')} (not a manual search)`,
    none: 'no automated or transactional search with status (and no filter but automatedResults and the window)',
  };
}

/**
 * transactionalCategory with a deliveryType other than transactional (the default manual included) is refused;
 * with deliveryType transactional, a category the target's fixtures name (`known`) is accepted. Categories are
 * not on the records: without a known one, only the refusals are judged (whether an unknown one is accepted
 * with a transactional search is not written).
 */
export function categoryScopeRule(known: readonly string[]): BoundRule {
  const knownCategories = new Set(known);
  return {
    about: ['transactionalCategory', 'deliveryType'],
    acceptsWithin: known.length > 0,
    none: 'with transactionalCategory and a deliveryType other than transactional',
    asked: (e) => {
      const category = e.params.transactionalCategory;
      if (category === undefined) return undefined;
      const type = e.params.deliveryType === undefined ? DELIVERY.manual : sentDelivery(e);
      if (!type) return undefined;
      if (foldCase(type) === foldCase(DELIVERY.transactional)) {
        return typeof category === 'string' && knownCategories.has(category) ? { standing: 'within', label: `transactionalCategory=${category} (a category of the target's fixtures) with deliveryType=${type}` } : undefined;
      }
      return { standing: 'outside', label: `transactionalCategory with deliveryType=${String(e.params.deliveryType ?? '(default)')}` };
    },
  };
}
