import { defineCheck } from '../../harness/check';
import { driveRppDefault } from '../../drivers';
import { judgeRppDefault } from '../shared/judges';
import { everyGroup, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.rpp.default',
  title: 'without rpp a page holds the default number of groups',
  drive: (ctx) => driveRppDefault(ctx, OP, everyGroup()),
  judge: (ctx) => judgeRppDefault(ctx, OP),
});
