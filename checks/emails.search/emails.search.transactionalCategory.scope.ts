import { defineCheck } from '../../harness/core';
import { judgeBounds } from '../shared/traffic';
import { DELIVERY, DELIVERY_TYPES, OP } from './documented-values';
import type { Params } from './email-records';
import { transactionalCategories } from './filter-candidates';
import { categoryScopeRule } from './traffic-filters';

export default defineCheck({
  rule: 'emails.search.transactionalCategory.scope',
  title: 'transactionalCategory is refused unless deliveryType is transactional',
  async run({ api, judge, target }) {
    const known = transactionalCategories(target);
    // Categories are not on the records: a known one comes from the profile's fixtures; the refusal needs none.
    const category = known[0] ?? 'conformance-category';
    const elsewhere: Array<Params> = [{}, ...DELIVERY_TYPES.filter((type) => type !== DELIVERY.transactional).map((deliveryType) => ({ deliveryType }))];
    for (const params of elsewhere) {
      const response = await api.call(OP, { params: { ...params, transactionalCategory: category } });
      judge.check(response.outcome === 'error', {
        title: `transactionalCategory with ${params.deliveryType ? `deliveryType=${String(params.deliveryType)}` : 'no deliveryType'} is refused`,
        expected: 'error', actual: response.outcome === 'success' ? { outcome: 'success', records: response.records?.length } : response.outcome, response,
      });
    }
    if (known.length > 0) {
      const response = await api.call(OP, { params: { deliveryType: DELIVERY.transactional, transactionalCategory: category } });
      judge.check(response.outcome === 'success', {
        title: `transactionalCategory=${category} (a category of the target's fixtures) with deliveryType=${DELIVERY.transactional} is accepted`,
        expected: 'success', actual: { outcome: response.outcome, errors: response.errors }, response,
      });
    }
  },
  // Refusals only: whether a category unknown to the target is accepted with a transactional search is not written.
  judge: (ctx) => judgeBounds(ctx, OP, categoryScopeRule()),
});
