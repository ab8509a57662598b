import { defineCheck } from '../../harness/check';
import { driveRppBounds } from '../../drivers';
import { judgeRppBounds } from '../shared/judges';
import { everyGroup, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.rpp.bounds',
  title: 'rpp within bounds is accepted, outside refused',
  drive: (ctx) => driveRppBounds(ctx, OP, everyGroup()),
  judge: (ctx) => judgeRppBounds(ctx, OP),
});
