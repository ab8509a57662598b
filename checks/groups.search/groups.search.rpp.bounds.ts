import { defineCheck } from '../../harness/core';
import { checkRppBounds } from '../shared/search';
import { judgeRppBounds } from '../shared/traffic';
import { everyGroup, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.rpp.bounds',
  title: 'rpp within bounds is accepted, outside refused',
  run: (ctx) => checkRppBounds(ctx, OP, everyGroup()),
  traffic: (ctx) => judgeRppBounds(ctx, OP),
});
