import { defineCheck } from '../../harness/check';
import { drivePageDefault } from '../../drivers';
import { judgePageDefault } from '../shared/judges';
import { everyGroup, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.page.default',
  title: 'without page the first page is returned',
  drive: (ctx) => drivePageDefault(ctx, OP, everyGroup()),
  judge: (ctx) => judgePageDefault(ctx, OP),
});
