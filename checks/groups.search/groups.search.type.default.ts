import { defineCheck } from '../../harness/check';
import { judgeFilter } from '../shared/judges';
import { driveFilter } from './filter-driver';
import { defaultFocus } from './filter-focuses';
import { OP } from './group-filters';
import { typeDefaultRule } from './filter-rules';

export default defineCheck({
  rule: 'groups.search.type.default',
  title: 'without type groups of every type are returned',
  drive: (ctx) => driveFilter(ctx, defaultFocus('type')),
  judge: (ctx) => judgeFilter(ctx, OP, typeDefaultRule()),
});
