/**
 * The deterministic import sequence of contacts.import.counts.agree, the same every run and every seed: new
 * contacts with customFields imported into a group, then re-imported (as existing contacts, with new data) into
 * another group, out of the first with new contacts mixed in, back into the first while leaving the second, and
 * out of the first; updateExisting omitted, 1 and 0 along the way. Each import sits between two sightings of the
 * groups, so every counter the answers and the groups carry after each write is judged: recordsInserted and
 * recordsUpdated against the rows, and both member counters of each group (the group rules).
 */
import { contactOfShape, freshAddresses } from '../../generators';
import type { CheckContext } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { sightGroups } from './groups';
import { importContacts, type ImportRequest } from './import-call';

/** How many contacts the sequence follows, and how many new ones join them at its third step. */
const FOLLOWED = 3;
const JOINING = 2;

/** The steps over two groups (the second named only when there are two): what each import names and sends. */
function steps(groups: number[]): Array<Omit<ImportRequest, 'contacts'> & { joining?: number }> {
  const [first, second] = groups as [number, number | undefined];
  const other = second === undefined ? [] : [second];
  return [
    { groupIDs: [first] },
    ...(second === undefined ? [] : [{ groupIDs: other, updateExisting: true }]),
    { removeGroupIDs: [first], updateExisting: false, joining: JOINING },
    { groupIDs: [first], ...(second === undefined ? {} : { removeGroupIDs: other }), updateExisting: false },
    { removeGroupIDs: [first] },
  ];
}

/** Runs the sequence over the groups (none: the imports alone, without groups). */
export async function driveCountSequence(ctx: CheckContext, groups: number[]): Promise<void> {
  const followed = freshAddresses(addresses, FOLLOWED);
  const plan = groups.length > 0 ? steps(groups) : [{}, { updateExisting: true }, { updateExisting: false, joining: JOINING }];
  for (const [index, { joining = 0, ...request }] of plan.entries()) {
    const emails = [...followed, ...freshAddresses(addresses, joining)];
    if (groups.length > 0) await sightGroups(ctx.api, groups);
    await importContacts(ctx, { contacts: emails.map((email) => contactOfShape('email+customFields', email, `count step ${index + 1}`)), ...request });
  }
  if (groups.length > 0) await sightGroups(ctx.api, groups);
}
