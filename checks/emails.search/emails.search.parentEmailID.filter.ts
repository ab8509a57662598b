import { defineCheck, type CheckContext } from '../../harness/check';
import { catalogueBases, emailCatalogue } from './email-catalogue';
import { distinctReferences } from './email-records';
import { driveExactFilter } from './exact-filter';
import { parentsByKind, PARENT_KINDS } from './parent-kinds';
import { parentEmailIDRule } from './filter-rules';
import { searchWhole } from './whole-search';
import { judgeFilter } from '../shared/judges';
import { OP } from './documented-values';

/** Parents of each kind searched every run, whatever the draws (the first ones the catalogue shows). */
const PARENTS_PER_KIND = 2;

/**
 * Every kind of parent the data holds, searched deterministically within the search of its sends (automated:
 * automatedResults=detail; A/B split: the manual search), read whole; then drawn parents seen on sends.
 */
async function driveParents(ctx: CheckContext): Promise<void> {
  const catalogue = await ctx.observe(emailCatalogue);
  const kinds = parentsByKind(catalogueBases(catalogue).flatMap((base) => base.records));
  const baseOf = { automated: catalogue.automatedDetail, 'A/B split': catalogue.manualSent } as const;
  for (const kind of PARENT_KINDS) {
    for (const parent of [...kinds.get(kind)!].slice(0, PARENTS_PER_KIND)) await searchWhole(ctx.api, { ...baseOf[kind].params, parentEmailID: parent });
  }
  await driveExactFilter<number>(ctx, {
    param: 'parentEmailID',
    // Parents seen on automated sends (detail) and on A/B split sends (manual).
    bases: (catalogue) => [catalogue.automatedDetail, catalogue.manualSent],
    valuesOf: (records) => distinctReferences(records, 'parentEmailID'),
    runs: (pairs) => Math.min(12, pairs * 2),
  });
}

export default defineCheck({
  rule: 'emails.search.parentEmailID.filter',
  title: 'parentEmailID returns exactly the individual sends of that email',
  drive: driveParents,
  judge: (ctx) => judgeFilter(ctx, OP, parentEmailIDRule()),
});
