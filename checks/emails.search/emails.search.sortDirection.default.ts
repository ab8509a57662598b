import { defineCheck } from '../../harness/core';
import { sameSequence, type Direction } from '../../harness/oracles';
import { outOfOrder, recordOrder } from './default-sorts';
import { DEFAULT_DIRECTION, OP, SORT_FIELDS } from './documented-values';
import { idsOf } from './email-records';
import { manualSentWide } from './manual-sent';
import { searchWhole } from './whole-search';
import { judgeSortDirectionDefault } from '../shared/traffic';

export default defineCheck({
  rule: 'emails.search.sortDirection.default',
  title: 'with a sortField and no sortDirection records are ordered ascending',
  async run({ api, judge, target }) {
    const params = manualSentWide(target);
    const direction = DEFAULT_DIRECTION.toLowerCase() as Direction;
    const unjudged: string[] = [];
    for (const sortField of SORT_FIELDS) {
      // Without sortDirection the order is the one sortDirection=asc gives (whether that order is right
      // for the field's type is the sort order rule's business); when the two differ, say in ties,
      // the records must still be in ascending order of the field.
      const plain = await searchWhole(api, { ...params, sortField });
      const explicit = await searchWhole(api, { ...params, sortField, sortDirection: DEFAULT_DIRECTION });
      if (!plain.complete || !explicit.complete) {
        const failed = !plain.complete ? plain : explicit;
        unjudged.push(`${sortField}: ${failed.stoppedBecause}`);
        continue;
      }
      const order = recordOrder(plain.records, sortField, direction, target);
      if (order.comparablePairs === 0) {
        unjudged.push(`${sortField}: fewer than two distinct values`);
        continue;
      }
      const plainIDs = idsOf(plain.records);
      const explicitIDs = idsOf(explicit.records);
      const violation = outOfOrder(order);
      judge.check(sameSequence(plainIDs, explicitIDs) || order.ok, {
        title: `sortField=${sortField} without sortDirection orders records as sortDirection=${DEFAULT_DIRECTION} does`,
        expected: `${sortField} ${direction}: ${JSON.stringify(explicitIDs.slice(0, 8))}...`,
        actual: { emailIDs: `${JSON.stringify(plainIDs.slice(0, 8))}...`, ...(violation ? { outOfOrder: violation } : {}) },
        ...(plain.pages[0] ? { response: plain.pages[0] } : {}),
      });
    }
    if (unjudged.length > 0) judge.inconclusive(`some sortFields could not be judged: ${unjudged.join('; ')}`);
  },
  judge: (ctx) => judgeSortDirectionDefault(ctx, OP, DEFAULT_DIRECTION),
});
