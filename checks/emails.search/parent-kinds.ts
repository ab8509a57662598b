// @silent-point emails.ab-sends-in-manual
/**
 * The kinds of parent emailID parentEmailID names: interface.md, "Returns the individual sends of an automated
 * or A/B split email". An automated parent is an automated email (its summary record) or what automated sends
 * name as their parent; an A/B split parent is a manual email that carries an abSplitID and names no parent
 * itself, or what manual sends name as their parent. Read from the records, whatever search returned them.
 */
import type { RecordedTraffic } from '../../harness/check';
import { foldCase, referencedID, type SearchRecord } from '../../harness/oracles';
import { OP } from './documented-values';
import { DELIVERY, emailID } from '../../harness/model';

export type ParentKind = 'automated' | 'A/B split';

export const PARENT_KINDS: readonly ParentKind[] = ['automated', 'A/B split'];

const isType = (record: SearchRecord, type: string): boolean => foldCase(record.deliveryType) === foldCase(type);

/** The parents the records show, by kind (a record may show its own kind, or its parent's). */
export function parentsByKind(records: Iterable<SearchRecord>): Map<ParentKind, Set<number>> {
  const kinds = new Map<ParentKind, Set<number>>(PARENT_KINDS.map((kind) => [kind, new Set<number>()]));
  for (const record of records) {
    const parent = referencedID(record.parentEmailID);
    const kind: ParentKind | undefined = isType(record, DELIVERY.automated) ? 'automated' : isType(record, DELIVERY.manual) ? 'A/B split' : undefined;
    if (!kind) continue;
    if (parent !== undefined) kinds.get(kind)!.add(parent);
    else if (kind === 'automated' || referencedID(record.abSplitID) !== undefined) kinds.get(kind)!.add(emailID(record));
  }
  return kinds;
}

/**
 * The kinds of parent whose sends the traffic shows outside a search by parentEmailID (a send naming its
 * parent, returned by a search without parentEmailID): for those, what parentEmailID must return is known.
 * An A/B split email whose sends no other search lists (a manual search may leave them out: not written)
 * leaves its kind open, never failed.
 */
export function parentKindsWithSendsShown(traffic: RecordedTraffic): ParentKind[] {
  const shown = new Set<ParentKind>();
  for (const exchange of traffic.of(OP)) {
    if (exchange.outcome !== 'success' || exchange.params.parentEmailID !== undefined) continue;
    for (const record of exchange.records ?? []) {
      if (!record || typeof record !== 'object') continue;
      const email = record as SearchRecord;
      if (referencedID(email.parentEmailID) === undefined) continue;
      if (isType(email, DELIVERY.automated)) shown.add('automated');
      else if (isType(email, DELIVERY.manual)) shown.add('A/B split');
    }
    if (shown.size === PARENT_KINDS.length) break;
  }
  return PARENT_KINDS.filter((kind) => shown.has(kind));
}
