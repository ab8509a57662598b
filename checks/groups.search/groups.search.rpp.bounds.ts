import { defineCheck } from '../../harness/core';
import { checkRppBounds } from '../shared/search';
import { everyGroup, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.rpp.bounds',
  title: 'rpp within bounds is accepted, outside refused',
  run: (ctx) => checkRppBounds(ctx, OP, everyGroup()),
});
