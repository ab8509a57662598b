/**
 * The model with state: what a run knows of the target, folded in one exchange at a time in the order the
 * exchanges were served (`step`), and what the documents allow the next answer to be, given all of it
 * (`expect`). Pure: a state is never changed, `step` returns the next one.
 *
 * What the state holds is what its relations read: every search answer that showed its whole result (by the request
 * it answers, read canonically: each parameter normalized, so two spellings of one request share a key), the first
 * whole result of each search and the whole answers of it with one filter more, and the contacts the imports showed
 * (address as sent and the contactID its successful row carried, by token). What `expect` says of an answer, beside
 * what `rejectionOf` says of it alone (answers.ts):
 *
 * - the same request written another way (an enum value in another letter case, a datetime in another documented
 *   form, with or without a zone designator, another number or boolean form, GET or POST) returns the records the
 *   earlier spelling returned, when both showed their whole result: a target may refuse a spelling (silence frees
 *   the outcome), but one it takes keeps its documented meaning;
 * - every filter returns exactly the records of an unfiltered read it admits: a whole answer with a filter that has no
 *   default holds every record of the whole answer of the same search without it that the filter requires;
 * - a successful import row carries the contactID its address was given before, never one given to another
 *   address: contacts are matched on email address, whatever else the record carries.
 *
 * Both relations hold whatever order the two answers were served in, so exchanges of two workers whose order is
 * uncertain are judged alike either way. Member counters after a write are the group history's (group-history.ts:
 * it reads the whole run's sightings and imports, which the exploration's worker alone does not see), and export jobs
 * across their polls are recorded-jobs.ts's.
 */
import { headerOnly, type RecordedExchange, type RecordedTraffic, type Target } from '../check';
import { readDatetime, readInteger, shortList } from '../oracles';
import { answeredContacts, isObject, type AnsweredContact } from './import-answer';
import { keyOf, paramSchemas } from './sent-params';
import { searchFiltersOf } from './answers';
import { required, sendsFilter, type AnySearchFilter } from './search-filter';
import { sentPage, setKeyOf } from './recorded-searches';
import { askedPageSize } from './page-facts';
import { idField, idsOf, recordsOf, type SearchOp } from './search-records';
import { addMonths, defaultWindowMonths } from '../../generators';
import { perTraffic } from './per-traffic';
import type { Rejection } from './rejection';
import type { SearchRecord } from '../oracles';
import { SharedMap } from './_internals/shared-map';

/** A search answer that showed its whole result. */
export interface SearchAnswerSeen {
  exchange: RecordedExchange;
  /** The request as written: method and parameters exactly as sent. */
  spelling: string;
  /** The records' IDs, as text. */
  ids: ReadonlySet<string>;
  /** IDs whose presence may rightly differ between two moments (a record at the edge of a default window). */
  unstable: ReadonlySet<string>;
}

/** A whole answer of a search asking one filter that the same search without it leaves out. */
export interface FilteredAnswer {
  answer: SearchAnswerSeen;
  filter: AnySearchFilter;
  value: unknown;
}

export interface ContactSeen {
  contactID: number;
  /** The address as sent. */
  address: string;
  exchange: RecordedExchange;
}

export interface ModelState {
  /** Exchanges folded in. */
  readonly served: number;
  readonly answers: SharedMap<string, readonly SearchAnswerSeen[]>;
  /** The first whole answer of each search, paging and order aside (by token and set key): the unfiltered reads. */
  readonly results: SharedMap<string, SearchAnswerSeen>;
  /** Whole answers of a search with one filter more than another, by the other's token and set key. */
  readonly filtered: SharedMap<string, readonly FilteredAnswer[]>;
  /** By token and address as sent. */
  readonly contacts: SharedMap<string, ContactSeen>;
  /** The first address each contactID was given to, by token and contactID. */
  readonly owners: SharedMap<string, ContactSeen>;
}

export const initialState: ModelState = {
  served: 0, answers: SharedMap.empty(), results: SharedMap.empty(), filtered: SharedMap.empty(), contacts: SharedMap.empty(), owners: SharedMap.empty(),
};

/** What the documents say the answer to a request must hold, given the state: the rule whose sentence it is, and the check. */
export interface Expected {
  rule: string;
  /**
   * The answer against the state: a rejection; the class of answers it was compared as when the relation holds
   * (for coverage: "emails.search written another way (datetime-form)"); undefined when the answer tells nothing
   * (refused, or not the whole result).
   */
  check(answer: RecordedExchange): Rejection | string | undefined;
}

const SEARCHES: readonly string[] = ['groups.search', 'emails.search'];
const isSearch = (op: string): op is SearchOp => SEARCHES.includes(op);
const tokenKey = (exchange: RecordedExchange): string => exchange.token.id ?? 'no token';
const DAY_MS = 86_400_000;

/** The key of a request read canonically: token, operation and every parameter normalized (the method aside). */
const requestKeys = new WeakMap<RecordedExchange, string>();
const requestKey = (op: SearchOp, exchange: RecordedExchange): string => {
  let key = requestKeys.get(exchange);
  if (key === undefined) requestKeys.set(exchange, (key = `${tokenKey(exchange)}\u0000${op}\u0000${keyOf(op, exchange.params, [])}`));
  return key;
};
const spellingOf = (exchange: RecordedExchange): string => `${exchange.method} ${JSON.stringify(Object.entries(exchange.params).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b)))}`;

/** A served search answer whose page shows the whole result: the first page, fewer records than the page size asked. */
function wholeAnswer(op: SearchOp, exchange: RecordedExchange): SearchRecord[] | undefined {
  if (exchange.outcome !== 'success' || !headerOnly(exchange) || exchange.outcomeUnknown) return undefined;
  // A padded rpp ("0250") is a spelling whose reading is unwritten; accepted, it keeps the number's meaning.
  const size = askedPageSize(op, exchange) ?? readInteger(exchange.params.rpp);
  const records = recordsOf(exchange);
  if ((sentPage(exchange) ?? 1) !== 1 || size === undefined || records.length >= size) return undefined;
  return records;
}

/**
 * Records whose presence in a search without an explicit dateSent bound moves with the clock: those sent within a
 * day of where a default bound stood when the request was served (6 months before it, and it).
 */
function unstableIds(op: SearchOp, exchange: RecordedExchange, records: readonly SearchRecord[], target: Pick<Target, 'profile'>): Set<string> {
  const unstable = new Set<string>();
  if (op !== 'emails.search') return unstable;
  const edges: number[] = [];
  if (exchange.params.dateSentStart === undefined) edges.push(addMonths(new Date(exchange.startedAt), -defaultWindowMonths()).getTime());
  if (exchange.params.dateSentEnd === undefined) edges.push(exchange.startedAt);
  if (edges.length === 0) return unstable;
  for (const record of records) {
    const sent = readDatetime(record.dateSent, target.profile.datetime.format)?.getTime();
    if (sent === undefined || edges.some((edge) => Math.abs(sent - edge) <= DAY_MS)) unstable.add(String(record[idField(op)]));
  }
  return unstable;
}

/** Of a parameter's rules (spec x-rules), the one about what its value selects, in this order of preference. */
const MEANING_RULES = ['.filter', '.contains', '.wildcard', '.detail', '.scope', '.page-size', '.order', '.totals'];

/** The rule of what a parameter's value means: of its rules (spec x-rules), the first in MEANING_RULES' order. */
function meaningRule(op: SearchOp, name: string | undefined): string {
  const rules = name === undefined ? [] : ((paramSchemas(op)[name] as { 'x-rules'?: string[] } | undefined)?.['x-rules'] ?? []);
  for (const suffix of MEANING_RULES) {
    const rule = rules.find((candidate) => candidate.endsWith(suffix));
    if (rule) return rule;
  }
  return `${op}.filters.subset`;
}

/** The first parameter two requests for the same thing write differently (undefined: none, only the method may differ). */
const firstRespelled = (op: SearchOp, a: RecordedExchange, b: RecordedExchange): string | undefined =>
  Object.keys(paramSchemas(op)).find((name) => JSON.stringify(a.params[name]) !== JSON.stringify(b.params[name]));

/**
 * The rule a difference of spelling between two requests for the same thing speaks to: GET against POST, the
 * operation's methods rule; else the rule of what the first parameter written otherwise means.
 */
const ruleOfSpelling = (op: SearchOp, a: RecordedExchange, b: RecordedExchange): string => (a.method !== b.method ? `${op}.methods` : meaningRule(op, firstRespelled(op, a, b)));

const resultKeys = new WeakMap<RecordedExchange, string>();
/** The key of a search's whole result (paging and order aside) by token: of the exchange's own parameters, or of others (the request less a filter). */
function resultKey(op: SearchOp, exchange: RecordedExchange, params: Record<string, unknown>): string {
  const own = params === exchange.params;
  const known = own ? resultKeys.get(exchange) : undefined;
  if (known !== undefined) return known;
  const key = `${tokenKey(exchange)}\u0000${op}\u0000${setKeyOf(op, params)}`;
  if (own) resultKeys.set(exchange, key);
  return key;
}

const withoutFilter = (params: Record<string, unknown>, filter: AnySearchFilter): Record<string, unknown> =>
  Object.fromEntries(Object.entries(params).filter(([name]) => !filter.params.includes(name)));

/**
 * The filters a request asks that have no default (left out, the search does not filter by them): each with the
 * value asked and the request without it, the unfiltered read its answer is held to.
 */
type FilterAsked = { filter: AnySearchFilter; value: unknown; unfiltered: Record<string, unknown> };
const filtersAsked = new WeakMap<RecordedExchange, FilterAsked[]>();
const filtersOfProfile = new WeakMap<object, Map<SearchOp, AnySearchFilter[]>>();

function filtersWithout(op: SearchOp, exchange: RecordedExchange, target: Pick<Target, 'profile'>): FilterAsked[] {
  const known = filtersAsked.get(exchange);
  if (known) return known;
  let byOp = filtersOfProfile.get(target.profile);
  if (!byOp) filtersOfProfile.set(target.profile, (byOp = new Map()));
  if (!byOp.has(op)) byOp.set(op, searchFiltersOf(op, target));
  const found = byOp.get(op)!.flatMap((filter) => {
    if (!sendsFilter(filter, exchange.params)) return [];
    const value = filter.asked(exchange.params);
    const unfiltered = withoutFilter(exchange.params, filter);
    return value === undefined || filter.asked(unfiltered) !== undefined ? [] : [{ filter, value, unfiltered }];
  });
  filtersAsked.set(exchange, found);
  return found;
}

/** The rule of what a filter's value means (its first parameter's). */
const ruleOfFilter = (op: SearchOp, filter: AnySearchFilter): string => meaningRule(op, filter.params[0]);

/** What a filter left out: the records of the unfiltered read it must return that its answer lacks (edges of a moving window aside). */
function leftOut(op: SearchOp, filtered: SearchAnswerSeen, unfiltered: SearchAnswerSeen, filter: AnySearchFilter, value: unknown): Rejection | string {
  const unstable = new Set([...filtered.unstable, ...unfiltered.unstable]);
  const records = recordsOf(unfiltered.exchange).filter((record) => required(filter, record, value));
  const missing = idsOf(op, records).map(String).filter((id) => !filtered.ids.has(id) && !unstable.has(id));
  if (missing.length === 0) return `${op} ${filter.params.join('/')}: ${records.length < unfiltered.ids.size ? 'a filter that left records out' : 'a filter that left nothing out'}`;
  return {
    rule: ruleOfFilter(op, filter),
    title: `${filter.describe(value)} leaves out records it must return: ${missing.length} of the ${records.length} the same search without it returned that ${filter.what(value).replace(/^has /, 'have ')}`,
    expected: { count: records.length, [`${idField(op)}s`]: shortList(idsOf(op, records)) },
    actual: { count: filtered.ids.size, missing: shortList(missing) },
    other: unfiltered.exchange,
  };
}

/** How two requests for the same thing are written differently: the class of answers their comparison covers. */
function respellingKind(op: SearchOp, a: RecordedExchange, b: RecordedExchange): string {
  if (a.method !== b.method) return 'GET and POST';
  const name = firstRespelled(op, a, b);
  if (name === undefined) return 'another spelling';
  const schema = paramSchemas(op)[name]!;
  if (Array.isArray(a.params[name]) !== Array.isArray(b.params[name]) && schema.type !== 'array') return 'a parameter given twice';
  if (schema.format === 'ems-datetime') return 'a datetime in another form';
  if (schema.enum || schema.items?.enum) return 'an enum value in another letter case';
  if (schema.type === 'integer') return 'an integer written another way';
  return `${name} written another way`;
}

/** The classes of answers the relations compare, for coverage (each counted when an answer was compared under it). */
const REIMPORTED = 'contacts.import: an address imported before, matched on its email';
const ANOTHER_CONTACTS_ID = 'contacts.import: a record carrying the contactID of another contact';
export const RELATION_CLASSES = [
  ...(['groups.search', 'emails.search'] as const).flatMap((op) =>
    ['GET and POST', 'an enum value in another letter case', 'a parameter given twice', 'an integer written another way', ...(op === 'emails.search' ? ['a datetime in another form'] : [])].map((kind) => `${op} written another way: ${kind}`)),
  REIMPORTED,
  ANOTHER_CONTACTS_ID,
] as const;

/** A request as a relation names it in a title. */
const written = (exchange: RecordedExchange) => ({ method: exchange.method, params: exchange.params });

/** The earlier answer a relation compared an answer with, as evidence shows it beside the answer. */
export const earlierShown = (other: RecordedExchange) => ({ method: other.method, url: other.url, params: other.params });

/** Per exchange, what the fold reads of it more than once (an exchange is folded in once, and checked against each relation). */
const seenAnswers = new WeakMap<RecordedExchange, SearchAnswerSeen | null>();

/** A whole answer as the state keeps it. */
function seenAnswer(op: SearchOp, exchange: RecordedExchange, target: Pick<Target, 'profile'>): SearchAnswerSeen | undefined {
  const known = seenAnswers.get(exchange);
  if (known !== undefined) return known ?? undefined;
  const records = wholeAnswer(op, exchange);
  const seen = records && { exchange, spelling: spellingOf(exchange), ids: new Set(idsOf(op, records).map(String)), unstable: unstableIds(op, exchange, records, target) };
  seenAnswers.set(exchange, seen ?? null);
  return seen;
}

/**
 * Every filter returns exactly the records of an unfiltered read it admits: an answer to a request with a filter is
 * held to the whole answer of the same request without it (what it leaves out), and an answer without a filter to
 * the whole answers of the same request with one (what they left out), whichever came first.
 */
function filterRelations(state: ModelState, op: SearchOp, request: RecordedExchange, target: Pick<Target, 'profile'>): Expected[] {
  const expected: Expected[] = [];
  for (const { filter, value, unfiltered } of filtersWithout(op, request, target)) {
    const reference = state.results.get(resultKey(op, request, unfiltered));
    if (!reference) continue;
    expected.push({ rule: ruleOfFilter(op, filter), check: (answer) => { const seen = seenAnswer(op, answer, target); return seen && leftOut(op, seen, reference, filter, value); } });
  }
  for (const earlier of state.filtered.get(resultKey(op, request, request.params)) ?? []) {
    expected.push({ rule: ruleOfFilter(op, earlier.filter), check: (answer) => { const seen = seenAnswer(op, answer, target); return seen && leftOut(op, earlier.answer, seen, earlier.filter, earlier.value); } });
  }
  return expected;
}

function sameAnswer(op: SearchOp, request: RecordedExchange, earlier: SearchAnswerSeen, target: Pick<Target, 'profile'>): Expected {
  const rule = ruleOfSpelling(op, earlier.exchange, request);
  return {
    rule,
    check(answer) {
      const seen = seenAnswer(op, answer, target);
      if (!seen) return undefined;
      const { ids } = seen;
      const unstable = new Set([...earlier.unstable, ...seen.unstable]);
      const missing = [...earlier.ids].filter((id) => !ids.has(id) && !unstable.has(id));
      const unexpected = [...ids].filter((id) => !earlier.ids.has(id) && !unstable.has(id));
      if (missing.length === 0 && unexpected.length === 0) return `${op} written another way: ${respellingKind(op, earlier.exchange, answer)}`;
      return {
        rule,
        title: `the same ${op} request written another way returns other records: ${JSON.stringify(written(answer))} against ${JSON.stringify(written(earlier.exchange))}`,
        expected: { count: earlier.ids.size, [`${idField(op)}s`]: shortList([...earlier.ids]) },
        actual: { count: ids.size, missing: shortList(missing), unexpected: shortList(unexpected) },
        other: earlier.exchange,
      };
    },
  };
}

const importedOf = new WeakMap<RecordedExchange, AnsweredContact[]>();

/** The contacts an accepted import answered (import-answer.ts answeredContacts), for a token in the header alone; read once per exchange. */
function importedContacts(exchange: RecordedExchange, target: Pick<Target, 'profile'>): AnsweredContact[] {
  let found = importedOf.get(exchange);
  if (!found) {
    found = exchange.op === 'contacts.import' && headerOnly(exchange) ? answeredContacts(exchange, target) : [];
    importedOf.set(exchange, found);
  }
  return found;
}

function matchedOnEmail(state: ModelState, request: RecordedExchange, target: Pick<Target, 'profile'>): Expected {
  const token = tokenKey(request);
  return {
    rule: 'contacts.import.match.existing',
    check(answer) {
      let compared: string | undefined;
      for (const { address, contactID, record } of importedContacts(answer, target)) {
        const known = state.contacts.get(`${token}\u0000${address}`);
        const carried = isObject(record) ? readInteger(record.contactID) : undefined;
        const another = carried !== undefined && state.owners.get(`${token}\u0000${carried}`);
        if (another && another.address.toLowerCase() !== address.toLowerCase()) compared = ANOTHER_CONTACTS_ID;
        else if (known && compared === undefined) compared = REIMPORTED;
        if (known && known.contactID !== contactID) {
          return {
            rule: 'contacts.import.match.existing',
            title: `${address}, imported before as contact ${known.contactID}, is answered with contactID ${contactID}: existing contacts are matched on email address`,
            expected: { contactID: known.contactID }, actual: { contactID, record }, other: known.exchange,
          };
        }
        const owner = state.owners.get(`${token}\u0000${contactID}`);
        if (owner && owner.address.toLowerCase() !== address.toLowerCase()) {
          return {
            rule: 'contacts.import.match.existing',
            title: `${address} is answered with contactID ${contactID}, the contact of ${owner.address}: contacts are matched on email address, whatever else the record carries`,
            expected: { contactID: `not ${contactID} (the contact of ${owner.address})` }, actual: { contactID, record }, other: owner.exchange,
          };
        }
      }
      return compared;
    },
  };
}

/** What the documents allow the answer to `request` to be, given what the state holds: one check per relation that applies. */
export function expect(state: ModelState, request: RecordedExchange, target: Pick<Target, 'profile'>): Expected[] {
  const { op } = request;
  if (isSearch(op)) {
    if (!headerOnly(request)) return [];
    const spelling = spellingOf(request);
    const respelled = (state.answers.get(requestKey(op, request)) ?? []).filter((earlier) => earlier.spelling !== spelling).slice(0, 3).map((earlier) => sameAnswer(op, request, earlier, target));
    return [...respelled, ...filterRelations(state, op, request, target)];
  }
  if (op === 'contacts.import' && headerOnly(request)) return [matchedOnEmail(state, request, target)];
  return [];
}

/** The state once `exchange` is folded in. */
export function step(state: ModelState, exchange: RecordedExchange, target: Pick<Target, 'profile'>): ModelState {
  const next: { -readonly [K in keyof ModelState]: ModelState[K] } = { ...state, served: state.served + 1 };
  const { op } = exchange;
  if (isSearch(op)) {
    const whole = seenAnswer(op, exchange, target);
    if (whole) {
      const key = requestKey(op, exchange);
      const seen = state.answers.get(key) ?? [];
      if (!seen.some((answer) => answer.spelling === whole.spelling)) next.answers = state.answers.set(key, [...seen, whole]);
      const result = resultKey(op, exchange, exchange.params);
      if (!state.results.has(result)) next.results = state.results.set(result, whole);
      for (const { filter, value, unfiltered } of filtersWithout(op, exchange, target)) {
        const key = resultKey(op, exchange, unfiltered);
        const list = next.filtered.get(key) ?? [];
        if (list.length < 8) next.filtered = next.filtered.set(key, [...list, { answer: whole, filter, value }]);
      }
    }
  }
  if (op === 'contacts.import') {
    const token = tokenKey(exchange);
    for (const { address, contactID } of importedContacts(exchange, target)) {
      const seen = { contactID, address, exchange };
      if (!next.contacts.has(`${token}\u0000${address}`)) next.contacts = next.contacts.set(`${token}\u0000${address}`, seen);
      if (!next.owners.has(`${token}\u0000${contactID}`)) next.owners = next.owners.set(`${token}\u0000${contactID}`, seen);
    }
  }
  return next;
}

/** The rejections of an answer given the state before it: what `expect` said of it that does not hold. */
export function rejectionsGiven(state: ModelState, exchange: RecordedExchange, target: Pick<Target, 'profile'>): Rejection[] {
  return expect(state, exchange, target).flatMap((expected) => {
    const found = expected.check(exchange);
    return typeof found === 'object' ? [found] : [];
  });
}

/**
 * The whole traffic folded through the model in the order served: each answer checked against the state before
 * it. Read once per traffic: the rejections (each rule's judge takes its share, `relationFailures`) and the classes of
 * answers the relations compared, with how many answers each (the coverage report's answer classes).
 */
const relationFold = perTraffic((traffic: RecordedTraffic, target: Pick<Target, 'profile'>) => {
  const rejections: Array<Rejection & { answer: RecordedExchange }> = [];
  const classes = new Map<string, number>();
  let state = initialState;
  for (const exchange of traffic.exchanges) {
    for (const expected of expect(state, exchange, target)) {
      const found = expected.check(exchange);
      if (found === undefined) continue;
      if (typeof found === 'object') rejections.push({ ...found, answer: exchange });
      const name = typeof found === 'string' ? found : `${expected.rule}: broken`;
      classes.set(name, (classes.get(name) ?? 0) + 1);
    }
    state = step(state, exchange, target);
  }
  return { rejections, classes };
});

export const relationRejections = (traffic: RecordedTraffic, target: Pick<Target, 'profile'>) => relationFold(traffic, target).rejections;

/** The classes of answers the relations compared over the traffic, with how many answers each. */
export const relationClasses = (traffic: RecordedTraffic, target: Pick<Target, 'profile'>): ReadonlyMap<string, number> => relationFold(traffic, target).classes;

/** The relations of the whole traffic that break one rule's sentence. */
export const relationFailures = (traffic: RecordedTraffic, target: Pick<Target, 'profile'>, rule: string) =>
  relationRejections(traffic, target).filter((rejection) => rejection.rule === rule);
