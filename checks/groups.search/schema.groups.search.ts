import { defineCheck } from '../../harness/check';
import { judgeAnswerRule } from '../shared/judges';
import { discoverGroups } from './discovery';

export default defineCheck({
  rule: 'schema.groups.search',
  title: 'every group record (all statuses, every page) matches the Group and Paging schemas',
  // Every group (widest status and type), every page.
  async drive(ctx) {
    await discoverGroups(ctx);
  },
  judge: (ctx) => judgeAnswerRule(ctx),
});
