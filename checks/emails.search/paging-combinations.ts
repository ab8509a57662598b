/** The emails/search filter combinations the area's checks send, for the paging totals rule. */
import fc from 'fast-check';
import { allowedValues, sparseFilterSets } from '../../generators';
import type { Target } from '../../harness/check';
import type { PagingCombinations } from '../../drivers';
import { windowParams } from './date-windows';
import { DELIVERY_TYPES, OP } from './documented-values';
import { DELIVERY } from '../../harness/model';
import { catalogueBases, type EmailCatalogue } from './email-catalogue';
import type { Params } from './email-records';
import { filterCandidates } from './filter-candidates';
import { manualSentWide } from './manual-sent';
import { statusLists } from './status-lists';

/**
 * Walked each: no parameter at all (manual, status sent, the default window), each deliveryType alone,
 * the catalogue's searches over the wide window (every status, the default status, both automated
 * results, transactional), the sent manual search most generic checks use, and each status list of a manual search. Drawn: any of deliveryType, status
 * list and automatedResults, over the default or the wide window, now and then with a userID or
 * campaignID seen in the target's emails.
 */
export function emailPagingCombinations(catalogue: EmailCatalogue, target: Target): PagingCombinations {
  const windowed = windowParams(catalogue.window, target);
  const candidates = {
    deliveryType: DELIVERY_TYPES,
    status: statusLists(),
    automatedResults: allowedValues(OP, 'automatedResults'),
    ...filterCandidates(catalogue.manualAll, ['userID', 'campaignID']),
  };
  return {
    each: [
      {},
      ...DELIVERY_TYPES.map((deliveryType) => ({ deliveryType })),
      ...catalogueBases(catalogue).map((base) => base.params),
      manualSentWide(target),
      ...statusLists().map((status): Params => ({ deliveryType: DELIVERY.manual, status, ...windowed })),
    ],
    drawn: fc
      .tuple(sparseFilterSets(candidates, { userID: 5, campaignID: 5 }), fc.boolean())
      .map(([filters, wide]) => (wide ? { ...filters, ...windowed } : filters)),
  };
}
