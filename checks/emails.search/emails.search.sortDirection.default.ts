import { defineCheck } from '../../harness/check';
import { DEFAULT_DIRECTION, OP, SORT_FIELDS } from './documented-values';
import { manualSentWide } from './manual-sent';
import { searchWhole } from './whole-search';
import { judgeSortDirectionDefault } from '../shared/judges';

export default defineCheck({
  rule: 'emails.search.sortDirection.default',
  title: 'with a sortField and no sortDirection records are ordered ascending',
  // Per sortField: the search without sortDirection and the same with the default direction sent, both read whole.
  async drive({ api, target }) {
    const params = manualSentWide(target);
    for (const sortField of SORT_FIELDS) {
      await searchWhole(api, { ...params, sortField });
      await searchWhole(api, { ...params, sortField, sortDirection: DEFAULT_DIRECTION });
    }
  },
  judge: (ctx) => judgeSortDirectionDefault(ctx, OP),
});
