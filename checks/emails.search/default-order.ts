/** The documented default order of an emails/search answer without sortField, as the model reads it (checks/shared/judges judgeOrders). */
import type { RecordedExchange } from '../../harness/check';
import { type ExpectedOrder } from '../shared/judges';
import { askedOrder } from '../../harness/model';
import { OP } from './documented-values';

/**
 * The order an answer without sortField and sortDirection should have, where the documents give one (a manual
 * search whose statuses share one default sort, automated detail sends, transactional sends); the others
 * (statuses of two defaults, automated summaries) are not judged.
 */
export function defaultOrderOf(e: RecordedExchange): ExpectedOrder | undefined {
  const asked = askedOrder(OP, e.params);
  return asked?.by === 'default' ? { field: asked.field, direction: asked.direction, label: asked.defaultCase!, text: `${asked.direction} (no sortField)` } : undefined;
}
