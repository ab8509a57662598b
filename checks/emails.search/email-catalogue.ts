/**
 * The catalogue of the target's emails over the wide window, per kind of search, discovered through
 * documented searches only, once per worker (no check writes emails); and the light references to
 * its searches that property samples carry.
 */
import { observation } from '../../harness/check';
import { harnessNow, type DateWindow } from '../../generators';
import { windowParams, wideWindow } from './date-windows';
import { STATUSES } from './documented-values';
import { DELIVERY, DETAIL, SUMMARY } from '../../harness/model';
import type { EmailRecord, Params } from './email-records';
import { searchWhole } from './whole-search';

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

type BaseKey = Exclude<keyof EmailCatalogue, 'now' | 'window'>;

export const catalogueBases = (catalogue: EmailCatalogue): EmailBase[] => [
  catalogue.manualAll,
  catalogue.manualSent,
  catalogue.automatedSummary,
  catalogue.automatedDetail,
  catalogue.transactional,
];

/** The searches the catalogue runs, over a window. */
function baseSearches(windowed: Params): Array<{ key: BaseKey; label: string; params: Params }> {
  return [
    { key: 'manualAll', label: `${DELIVERY.manual}, status ${STATUSES.join('+')}`, params: { deliveryType: DELIVERY.manual, status: STATUSES, ...windowed } },
    { key: 'manualSent', label: `${DELIVERY.manual}, default status`, params: { deliveryType: DELIVERY.manual, ...windowed } },
    { key: 'automatedSummary', label: `${DELIVERY.automated}, ${SUMMARY}`, params: { deliveryType: DELIVERY.automated, automatedResults: SUMMARY, ...windowed } },
    { key: 'automatedDetail', label: `${DELIVERY.automated}, ${DETAIL}`, params: { deliveryType: DELIVERY.automated, automatedResults: DETAIL, ...windowed } },
    { key: 'transactional', label: DELIVERY.transactional, params: { deliveryType: DELIVERY.transactional, ...windowed } },
  ];
}

/** The target's emails over the wide window, per kind of search. */
export const emailCatalogue = observation('the emails of the wide window, per kind of search', async ({ api, target }): Promise<EmailCatalogue> => {
  const now = harnessNow();
  const window = wideWindow(now);
  const windowed = windowParams(window, target);
  const bases: Partial<EmailCatalogue> = { now, window };
  for (const { key, label, params } of baseSearches(windowed)) {
    const result = await searchWhole(api, params);
    bases[key] = {
      label,
      params,
      records: result.records,
      complete: result.complete,
      ...(result.stoppedBecause ? { stoppedBecause: result.stoppedBecause } : {}),
    };
  }
  return bases as EmailCatalogue;
});

/** Why a base cannot serve as an oracle, or undefined when it can. */
export function unusable(base: EmailBase): string | undefined {
  if (!base.complete) return `the search "${base.label}" over the wide window could not be read whole: ${base.stoppedBecause}`;
  return undefined;
}

/**
 * The bases that returned records: values drawn from them (read whole, or on a large account the pages read, a
 * sample) give searches that the judges compare with the base, read whole or sampled (fromReference).
 */
export const usableBases = (bases: EmailBase[]): EmailBase[] => bases.filter((base) => base.records.length > 0);

// ------------------------------------------------------------------ bases in property samples

/** A base as a property sample names it: its label and parameters. Its records stay out of counterexamples. */
export interface BaseRef {
  label: string;
  params: Params;
}

const refs = new WeakMap<EmailBase, BaseRef>();

/** The light reference of a base (one per base, so fast-check's constants keep their identity). */
export function refOf(base: EmailBase): BaseRef {
  let ref = refs.get(base);
  if (!ref) {
    ref = { label: base.label, params: base.params };
    refs.set(base, ref);
  }
  return ref;
}

/** Each distinct value the records of some bases hold, paired with the base it was seen in. */
export const valuesByBase = <V>(bases: EmailBase[], valuesOf: (records: EmailRecord[]) => V[]): Array<{ base: BaseRef; value: V }> =>
  bases.flatMap((base) => valuesOf(base.records).map((value) => ({ base: refOf(base), value })));
