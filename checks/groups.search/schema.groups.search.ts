import { defineCheck } from '../../harness/core';
import { judgeAnswerRule } from '../shared/traffic';
import { discoverGroups } from './discovery';

export default defineCheck({
  rule: 'schema.groups.search',
  title: 'every group record (all statuses, every page) matches the Group and Paging schemas',
  async run(ctx) {
    // The client validates each page it receives and records this rule's verdict.
    await discoverGroups(ctx);
  },
  judge: (ctx) => judgeAnswerRule(ctx),
});
