// @silent-point emails.default-sort-mixed-status
/** The documented default order of an emails/search answer without sortField, by what the request searched (checks/shared/judges judgeOrders). */
import type { RecordedExchange } from '../../harness/check';
import { foldCase } from '../../harness/oracles';
import { type ExpectedOrder } from '../shared/judges';
import { DEFAULT_STATUSES, DELIVERY, DETAIL, listOf } from '../../harness/model';
import { defaultSorts, type DefaultSort } from './default-sorts';
import { OP } from './documented-values';
import { defaultOf } from '../../generators';

const sameAs = (a: unknown, b: unknown): boolean => foldCase(a) === foldCase(b);
const effective = (e: RecordedExchange, name: string): unknown => e.params[name] ?? defaultOf(OP, name);

/** The default sort of sent emails (the one whose statuses are the default status list). */
const sentSort = (): DefaultSort => defaultSorts().find((sort) => sort.statuses.length === DEFAULT_STATUSES.length && sort.statuses.every((s) => DEFAULT_STATUSES.some((d) => sameAs(s, d))))!;

const order = (sort: DefaultSort, label: string): ExpectedOrder => ({ field: sort.sortField, direction: sort.sortDirection, label, text: `${sort.sortDirection} (no sortField)` });
const manualLabel = (statuses: string[]): string => `${DELIVERY.manual} ${statuses.map(foldCase).sort().join('+')}`;

/**
 * The order an answer without sortField and sortDirection should have: a manual search whose statuses all
 * share one default sort; an automated detail search or a transactional one (sends, ordered as sent
 * emails). Other searches (statuses of two defaults, automated summaries) are not judged, as live.
 */
export function defaultOrderOf(e: RecordedExchange): ExpectedOrder | undefined {
  if (e.params.sortField !== undefined || e.params.sortDirection !== undefined) return undefined;
  const delivery = effective(e, 'deliveryType');
  if (sameAs(delivery, DELIVERY.manual)) {
    const statuses = (listOf(effective(e, 'status')) ?? []).map(String);
    const sort = statuses.length === 0 ? undefined : defaultSorts().find((s) => statuses.every((status) => s.statuses.some((t) => sameAs(t, status))));
    return sort ? order(sort, manualLabel(statuses)) : undefined;
  }
  if (sameAs(delivery, DELIVERY.automated) && sameAs(effective(e, 'automatedResults'), DETAIL)) return order(sentSort(), `${DELIVERY.automated} ${DETAIL}`);
  if (sameAs(delivery, DELIVERY.transactional)) return order(sentSort(), DELIVERY.transactional);
  return undefined;
}

/** The cases the live check judges: each status of a default alone and together, automated detail sends, transactional sends. */
export function defaultOrderCases(): string[] {
  const manual = defaultSorts().flatMap((sort) => (sort.statuses.length > 1 ? [...sort.statuses.map((s) => [s]), sort.statuses] : [sort.statuses]));
  return [...new Set([...manual.map(manualLabel), `${DELIVERY.automated} ${DETAIL}`, DELIVERY.transactional])];
}
