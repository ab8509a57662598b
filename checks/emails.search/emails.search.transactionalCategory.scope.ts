import { defineCheck } from '../../harness/check';
import { judgeBounds } from '../shared/judges';
import { DELIVERY_TYPES, OP } from './documented-values';
import { DELIVERY } from '../../harness/model';
import type { Params } from './email-records';
import { transactionalCategories } from './filter-candidates';
import { categoryScopeRule } from './filter-rules';

export default defineCheck({
  rule: 'emails.search.transactionalCategory.scope',
  title: 'transactionalCategory is refused unless deliveryType is transactional',
  async drive({ api, target }) {
    const known = transactionalCategories(target);
    // Categories are not on the records: a known one comes from the profile's fixtures; the refusal needs none.
    const category = known[0] ?? 'conformance-category';
    const elsewhere: Params[] = [{}, ...DELIVERY_TYPES.filter((type) => type !== DELIVERY.transactional).map((deliveryType) => ({ deliveryType }))];
    for (const params of elsewhere) await api.call(OP, { params: { ...params, transactionalCategory: category } });
    if (known.length > 0) await api.call(OP, { params: { deliveryType: DELIVERY.transactional, transactionalCategory: category } });
  },
  judge: (ctx) => judgeBounds(ctx, OP, categoryScopeRule(transactionalCategories(ctx.target))),
});
