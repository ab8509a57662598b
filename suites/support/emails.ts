/**
 * Support for the emails/search suite: the names of values the spec gives (never retyped), the
 * harness's reading of email records, the explicit wide dateSent window, and the catalogue of the
 * target's emails discovered through documented searches only (cached per worker).
 */
import fc from 'fast-check';
import type { ApiClient, ApiResponse, Target } from '../../harness/core';
import { addDays, addMonths, formatDatetime, parseTargetDatetime } from '../../harness/oracles';
import type { OperationKey } from '../../harness/types';
import { allowedValues, boundsOf, defaultOf, defaultWindowMonths, param, windowLimitMonths, type DateWindow } from '../../generators';

export const OP = 'emails.search' satisfies OperationKey;

export type Params = Record<string, unknown>;
export type EmailRecord = Record<string, unknown>;

// ------------------------------------------------------------------ values named by the spec

function conditionValue(name: string, extension: 'x-applies-when' | 'x-valid-when'): string {
  const condition = param(OP, name)[extension] as { deliveryType?: unknown } | undefined;
  if (typeof condition?.deliveryType !== 'string') throw new Error(`spec/openapi.yaml: ${OP} parameter "${name}" has no ${extension}.deliveryType`);
  return condition.deliveryType;
}

/** The deliveryType values, each named by the parameter the spec ties to it. */
export const DELIVERY = {
  /** status applies only to it (x-applies-when), and it is the default. */
  manual: conditionValue('status', 'x-applies-when'),
  /** automatedResults applies only to it. */
  automated: conditionValue('automatedResults', 'x-applies-when'),
  /** transactionalCategory is valid only with it (x-valid-when). */
  transactional: conditionValue('transactionalCategory', 'x-valid-when'),
};

export const DELIVERY_TYPES = allowedValues(OP, 'deliveryType');
export const STATUSES = allowedValues(OP, 'status');
/** The documented default status list ([sent]). */
export const DEFAULT_STATUSES = (defaultOf(OP, 'status') as unknown[]).map(String);
export const SUMMARY = String(defaultOf(OP, 'automatedResults'));
export const DETAIL = (() => {
  const others = allowedValues(OP, 'automatedResults').filter((value) => value !== SUMMARY);
  if (others.length !== 1) throw new Error(`spec/openapi.yaml: ${OP} automatedResults should have one non-default value`);
  return others[0]!;
})();
export const SORT_FIELDS = allowedValues(OP, 'sortField');
export const SORT_DIRECTIONS = allowedValues(OP, 'sortDirection');
export const RPP_MAX = (() => {
  const { max } = boundsOf(OP, 'rpp');
  if (max === undefined) throw new Error(`spec/openapi.yaml: ${OP} rpp has no maximum`);
  return max;
})();
export const RPP_MIN = boundsOf(OP, 'rpp').min;
/** The sort direction used when a sortField comes without one (SortDirection's default). */
export const DEFAULT_DIRECTION = String(defaultOf(OP, 'sortDirection'));

export interface DefaultSort {
  statuses: string[];
  sortField: string;
  sortDirection: 'asc' | 'desc';
}

/** The documented default sorts per status (x-default-sorts on sortField). */
export function defaultSorts(): DefaultSort[] {
  const sorts = param(OP, 'sortField')['x-default-sorts'];
  if (!Array.isArray(sorts) || sorts.length === 0) throw new Error(`spec/openapi.yaml: ${OP} sortField has no x-default-sorts`);
  return sorts.map((entry: { status: unknown[]; sortField: string; sortDirection: 'asc' | 'desc' }) => ({
    statuses: entry.status.map(String),
    sortField: entry.sortField,
    sortDirection: entry.sortDirection,
  }));
}

// ------------------------------------------------------------------ reading records

/** A value the record carries: not absent, not null, not the service's "" for absent. */
export const hasValue = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** Lower-case text of a value, for comparing enums the records capitalise with the request's values. */
export const folded = (value: unknown): string => String(value ?? '').toLowerCase();

export const asRecord = (value: unknown): EmailRecord => (value && typeof value === 'object' ? (value as EmailRecord) : {});

export const emailID = (record: unknown): number => Number(asRecord(record).emailID);

export const idsOf = (records: readonly unknown[]): number[] => records.map(emailID);

/** An integer-valued field as a number (integers may arrive as numbers; anything else is undefined). */
export function integerOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return undefined;
}

export function campaignIDsOf(record: unknown): number[] {
  const value = asRecord(record).campaignIDs;
  return Array.isArray(value) ? value.map(integerOf).filter((id): id is number => id !== undefined) : [];
}

export const dateSentOf = (record: unknown, target: Target): Date | undefined =>
  parseTargetDatetime(asRecord(record).dateSent, target.profile.datetime.format);

/** Differences between two ID sets, for evidence: what was missing, what was extra. */
export function setDifference(expected: readonly number[], actual: readonly number[]) {
  const want = new Set(expected);
  const got = new Set(actual);
  return {
    missing: [...want].filter((id) => !got.has(id)),
    extra: [...got].filter((id) => !want.has(id)),
  };
}

export function sameSet(expected: readonly number[], actual: readonly number[]): boolean {
  const { missing, extra } = setDifference(expected, actual);
  return missing.length === 0 && extra.length === 0 && new Set(actual).size === actual.length;
}

export const sameOrder = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((id, i) => id === b[i]);

/** A short view of a list of IDs for evidence. */
export const sample = <T>(values: readonly T[], n = 10): T[] | string => (values.length <= n ? [...values] : `${values.slice(0, n).join(', ')} ... (${values.length} in all)`);

// ------------------------------------------------------------------ time and windows

const HOUR_MS = 3_600_000;

/** The harness's now. A target's clock may differ by a little: checks near "now" keep a margin. */
export const harnessNow = (): Date => new Date(Math.floor(Date.now() / 1000) * 1000);

/**
 * Months the explicit discovery window spans: twice the default window, so emails older than the
 * default start are in sight, but never more than the limit and well inside it, so that checks of
 * other rules do not lean on the limit being honoured to the day (dateSent.window-limit judges that).
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

const DAY_S = 86_400;

/**
 * Windows of one day up to wideWindowMonths, starting up to `maxDaysBack` days ago (whole seconds). Unlike
 * generators' windowWithinLimit (whose lengths are mostly 0 or the whole limit), lengths spread over the
 * span; and staying inside the wide window's span keeps a check of the filter off the limit's edge.
 */
export function windowInsideWide(now: Date, maxDaysBack = 900): fc.Arbitrary<DateWindow> {
  const nowS = Math.floor(now.getTime() / 1000);
  return fc
    .tuple(fc.integer({ min: 0, max: maxDaysBack * DAY_S }), fc.integer({ min: 1, max: 1000 }))
    .map(([back, permille]) => {
      const start = new Date((nowS - back) * 1000);
      const longest = Math.floor((addDays(addMonths(start, wideWindowMonths()), -1).getTime() - start.getTime()) / 1000);
      const length = Math.max(DAY_S, Math.floor((longest * permille) / 1000));
      return { start, end: new Date(start.getTime() + length * 1000) };
    });
}

export function windowParams(window: DateWindow, target: Target): Params {
  const format = target.profile.datetime.format;
  return { dateSentStart: formatDatetime(window.start, format), dateSentEnd: formatDatetime(window.end, format) };
}

export const hoursAgo = (now: Date, hours: number): Date => new Date(now.getTime() - hours * HOUR_MS);

// ------------------------------------------------------------------ searching

export interface SearchResult {
  records: EmailRecord[];
  complete: boolean;
  stoppedBecause?: string;
  pages: ApiResponse[];
}

/** Every record of a search, rpp at its maximum; complete is false when paging stopped early. */
export async function searchEvery(api: ApiClient, params: Params, maxPages = 20): Promise<SearchResult> {
  const result = await api.searchAll(OP, { ...params, rpp: RPP_MAX }, { maxPages });
  return {
    records: result.records.map(asRecord),
    complete: result.complete,
    ...(result.stoppedBecause ? { stoppedBecause: result.stoppedBecause } : {}),
    pages: result.pages,
  };
}

/** The page of a search that holds a record (else its last page): the response to show as evidence. */
export function pageHolding(result: SearchResult, id?: number): ApiResponse | undefined {
  const holding = id === undefined ? undefined : result.pages.find((page) => idsOf(page.records ?? []).includes(id));
  return holding ?? result.pages.at(-1);
}

// ------------------------------------------------------------------ the catalogue

/** One search over the wide window and everything it returned. */
export interface EmailBase {
  /** What the search is, for evidence ("manual, every status"). */
  label: string;
  params: Params;
  records: EmailRecord[];
  complete: boolean;
  stoppedBecause?: string;
}

export interface EmailCatalogue {
  now: Date;
  window: DateWindow;
  /** manual, every status. */
  manualAll: EmailBase;
  /** manual, the default status. */
  manualSent: EmailBase;
  automatedSummary: EmailBase;
  automatedDetail: EmailBase;
  transactional: EmailBase;
}

export const catalogueBases = (catalogue: EmailCatalogue): EmailBase[] => [
  catalogue.manualAll,
  catalogue.manualSent,
  catalogue.automatedSummary,
  catalogue.automatedDetail,
  catalogue.transactional,
];

/** The searches the catalogue runs, over a window (also used by checks that search afresh). */
export function baseSearches(windowed: Params): Array<{ key: Exclude<keyof EmailCatalogue, 'now' | 'window'>; label: string; params: Params }> {
  return [
    { key: 'manualAll', label: `${DELIVERY.manual}, status ${STATUSES.join('+')}`, params: { deliveryType: DELIVERY.manual, status: STATUSES, ...windowed } },
    { key: 'manualSent', label: `${DELIVERY.manual}, default status`, params: { deliveryType: DELIVERY.manual, ...windowed } },
    { key: 'automatedSummary', label: `${DELIVERY.automated}, ${SUMMARY}`, params: { deliveryType: DELIVERY.automated, automatedResults: SUMMARY, ...windowed } },
    { key: 'automatedDetail', label: `${DELIVERY.automated}, ${DETAIL}`, params: { deliveryType: DELIVERY.automated, automatedResults: DETAIL, ...windowed } },
    { key: 'transactional', label: DELIVERY.transactional, params: { deliveryType: DELIVERY.transactional, ...windowed } },
  ];
}

const catalogues = new Map<string, Promise<EmailCatalogue>>();

async function discover(api: ApiClient, target: Target): Promise<EmailCatalogue> {
  const now = harnessNow();
  const window = wideWindow(now);
  const windowed = windowParams(window, target);
  const bases: Partial<EmailCatalogue> = { now, window };
  for (const { key, label, params } of baseSearches(windowed)) {
    const result = await searchEvery(api, params);
    bases[key] = {
      label,
      params,
      records: result.records,
      complete: result.complete,
      ...(result.stoppedBecause ? { stoppedBecause: result.stoppedBecause } : {}),
    };
  }
  return bases as EmailCatalogue;
}

/**
 * The target's emails over the wide window, per kind of search, discovered once per worker (emails
 * are not written by any check). A failed discovery is not cached.
 */
export function emailCatalogue(api: ApiClient, target: Target): Promise<EmailCatalogue> {
  let found = catalogues.get(target.baseUrl);
  if (!found) {
    found = discover(api, target);
    catalogues.set(target.baseUrl, found);
    found.catch(() => catalogues.delete(target.baseUrl));
  }
  return found;
}

/** Why a base cannot serve as an oracle, or undefined when it can. */
export function unusable(base: EmailBase): string | undefined {
  if (!base.complete) return `the search "${base.label}" over the wide window could not be read whole: ${base.stoppedBecause}`;
  return undefined;
}

// ------------------------------------------------------------------ evidence of exact results

export interface ExactComparison {
  ok: boolean;
  expected: unknown;
  actual: unknown;
  response?: ApiResponse;
}

/** Whether a search returned exactly the expected emails (no more, no fewer, none twice), with evidence. */
export function compareExactly(expected: readonly number[], result: SearchResult): ExactComparison {
  const actual = idsOf(result.records);
  const { missing, extra } = setDifference(expected, actual);
  const repeated = actual.length - new Set(actual).size;
  const response = pageHolding(result, extra[0]);
  return {
    ok: missing.length === 0 && extra.length === 0 && repeated === 0,
    expected: { count: expected.length, emailIDs: sample([...expected].sort((a, b) => a - b)) },
    actual: { count: actual.length, missing: sample(missing), extra: sample(extra), ...(repeated > 0 ? { repeated } : {}) },
    ...(response ? { response } : {}),
  };
}

// ------------------------------------------------------------------ bases in property samples

/** A base as a property sample names it: its label and parameters. Its records stay out of counterexamples. */
export interface BaseRef {
  label: string;
  params: Params;
}

const refs = new WeakMap<EmailBase, BaseRef>();
const refRecords = new WeakMap<BaseRef, EmailRecord[]>();

/** The light reference of a base (one per base, so fast-check's constants keep their identity). */
export function refOf(base: EmailBase): BaseRef {
  let ref = refs.get(base);
  if (!ref) {
    ref = { label: base.label, params: base.params };
    refs.set(base, ref);
    refRecords.set(ref, base.records);
  }
  return ref;
}

/** The records of the base a reference names. */
export function recordsOfRef(ref: BaseRef): EmailRecord[] {
  const records = refRecords.get(ref);
  if (!records) throw new Error(`no records known for the search "${ref.label}"`);
  return records;
}
