// @silent-point groups.private-1
import { defineCheck } from '../../harness/check';
import { judgeFilter } from '../shared/judges';
import { driveFilter } from './filter-driver';
import { privateFocus } from './filter-focuses';
import { OP } from './group-filters';
import { privateFilterRule } from './filter-rules';

// interface.md documents private=0 only ("Passing 0 returns groups displayed ..."): what private=1
// returns (the private groups, or every group) is silent, so it is neither sent for judging nor judged.
export default defineCheck({
  rule: 'groups.search.private.filter',
  title: 'private=0 returns every displayed group and no other (private=1 is not judged)',
  drive: (ctx) => driveFilter(ctx, privateFocus()),
  judge: (ctx) => judgeFilter(ctx, OP, privateFilterRule()),
});
