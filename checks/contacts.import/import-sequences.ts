/**
 * Random sequences of imports over a pool of Static groups: fresh and existing contacts of the sequence,
 * groupIDs and removeGroupIDs, updateExisting absent, 1 or 0, new customFields data at every step, each import
 * between two sightings of the pool (groups/search, GET or POST). The driver sends; the group and contact
 * judges read the sequence, and a failing one shrinks to the fewest steps that still fail.
 */
import fc from 'fast-check';
import { contactOfShape, contactShape, existingPicks, importPlans, type StepFocus } from '../../generators';
import type { CheckContext } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { groupDirectoryOrEmpty, modelGroups, sightGroups } from './groups';
import { importContacts } from './import-call';

/** Sequences are short and each step costs two requests; never fewer than a handful, since a sequence exercises a rule only by chance. */
const SEQUENCES = { most: 10, least: 5 };

/** Drives import sequences over the pool (imports of `focus` drawn more often). */
export async function driveImportSequences(ctx: CheckContext, focus?: StepFocus): Promise<void> {
  const { api, target } = ctx;
  const pool = modelGroups(await groupDirectoryOrEmpty(api));
  if (pool.length === 0) return;
  const sequences = fc.record({ shape: contactShape, plans: fc.array(importPlans(pool.length, focus), { minLength: 1, maxLength: 6 }) });
  await ctx.explore(sequences, async ({ shape, plans }) => {
    const contacts: string[] = [];
    await sightGroups(api, pool);
    for (const [step, plan] of plans.entries()) {
      const existing = existingPicks(plan, contacts.length).map((index) => contacts[index]!);
      const fresh = Array.from({ length: plan.fresh }, () => addresses.fresh());
      if (fresh.length + existing.length === 0) continue;
      const groupIDs = plan.add.map((index) => pool[index]!);
      const removeGroupIDs = plan.remove.map((index) => pool[index]!);
      await importContacts(ctx, {
        contacts: [...fresh, ...existing].map((email) => contactOfShape(shape, email, `step ${step + 1}`)),
        ...(groupIDs.length > 0 ? { groupIDs } : {}),
        ...(removeGroupIDs.length > 0 ? { removeGroupIDs } : {}),
        ...(plan.updateExisting === 'absent' ? {} : { updateExisting: plan.updateExisting === 1 }),
      });
      contacts.push(...fresh);
      await sightGroups(api, pool, step % 2 === 0 ? 'GET' : 'POST');
    }
  }, { numRuns: Math.max(SEQUENCES.least, Math.min(target.runs, SEQUENCES.most)) });
}
