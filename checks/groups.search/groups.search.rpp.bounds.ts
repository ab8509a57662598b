import { defineCheck } from '../../harness/check';
import { driveRppBounds } from '../shared/search';
import { judgeRppBounds } from '../shared/traffic';
import { everyGroup, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.rpp.bounds',
  title: 'rpp within bounds is accepted, outside refused',
  drive: (ctx) => driveRppBounds(ctx, OP, everyGroup()),
  judge: (ctx) => judgeRppBounds(ctx, OP),
});
