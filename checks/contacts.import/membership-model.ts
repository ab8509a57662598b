/**
 * A model of group membership for model-based checks of contacts/import: random sequences of imports
 * (fresh and existing run-unique contacts, groupIDs / removeGroupIDs over a pool of Static groups,
 * updateExisting 0/1/absent) and group searches, each checked against the model: a group's totalMembers
 * is its count at the start of the sequence plus the sequence's contacts the model holds in it.
 *
 * One property per claim runs these sequences. A step judges the property's claim; a mismatch that
 * another claim explains (and the model can follow) is noted and the model follows the target, so each
 * fault of the mock fails its own rule only. A failing sequence shrinks to a numbered list of steps.
 */
import type { AddressBook, ImportPlan } from '../../generators';
import type { ApiResponse, Sample } from '../../harness/core';
import type { Importer } from './import-call';
import type { MemberCounts } from './groups';

/**
 * What a membership property judges: `join` (contacts join every group of groupIDs), `leave` (they leave
 * every group of removeGroupIDs), `move` (with updateExisting 0 existing contacts still join and leave),
 * `counts` (recordsInserted and recordsUpdated count the flagged rows).
 */
export type Claim = 'join' | 'leave' | 'move' | 'counts';

/** A claim in words, for the reason a sample is left unjudged. */
const CLAIM_TEXT: Record<Claim, string> = {
  join: 'groupIDs adding the contacts',
  leave: 'removeGroupIDs removing the contacts',
  move: 'groupIDs and removeGroupIDs applying with updateExisting 0',
  counts: 'recordsInserted and recordsUpdated counting the flagged rows',
};

/** The real system a sequence runs against, and the sample that judges it. */
export interface ModelWorld extends Importer {
  book: AddressBook;
  /** Static groups the sequences use (no other check touches them). */
  pool: number[];
  claim: Claim;
  sample: Sample;
  /** The steps run so far, numbered, with real addresses. */
  log: string[];
}

/** What the model holds: the sequence's contacts (c1, c2, ... in creation order) and group membership. */
export class MembershipModel {
  readonly contacts: string[] = [];
  readonly members = new Map<number, Set<string>>();
  /** totalMembers of each group apart from the model's members. */
  readonly base = new Map<number, number>();
  /** The claim that governed the last change of each group, to blame a later surprise on. */
  readonly lastClaim = new Map<number, Claim>();
  /** Whether removeGroupIDs was seen to remove members with updateExisting 1 in this sequence. */
  removalWorks: boolean | undefined;
  /** Whether a step judged the property's claim. */
  judged = false;
  steps = 0;

  constructor(pool: number[], counts: Map<number, MemberCounts>) {
    for (const groupID of pool) {
      this.members.set(groupID, new Set());
      this.base.set(groupID, counts.get(groupID)!.total);
    }
  }

  expectedTotal(groupID: number): number {
    return this.base.get(groupID)! + this.members.get(groupID)!.size;
  }

  name(email: string): string {
    return `c${this.contacts.indexOf(email) + 1}`;
  }
}

/** Pool groups as the plan names them. */
const groupList = (indexes: number[], pool: number[]) => indexes.map((index) => pool[index]!).join(',');

export function describeImport(plan: ImportPlan, pool: number[], names: string[]): string {
  const parts = [`import [${names.join(', ')}]`];
  if (plan.add.length > 0) parts.push(`groupIDs=[${groupList(plan.add, pool)}]`);
  if (plan.remove.length > 0) parts.push(`removeGroupIDs=[${groupList(plan.remove, pool)}]`);
  parts.push(plan.updateExisting === 'absent' ? '(no updateExisting)' : `updateExisting=${plan.updateExisting}`);
  return parts.join(' ');
}

/** A mismatch between the model and the target a step saw, and the claim it breaks. */
export interface ModelMismatch {
  /** Undefined when no claim explains it (a group changed that the step did not name). */
  claim: Claim | undefined;
  title: string;
  expected: unknown;
  actual: unknown;
  /** Whether the model could follow what the target did. */
  followed: boolean;
}

/** Group counts read between imports must be what the model expects: nothing else changes these groups. */
export function agreeWithModel(model: MembershipModel, world: ModelWorld, counts: Map<number, MemberCounts>, when: string): void {
  for (const groupID of world.pool) {
    const expected = model.expectedTotal(groupID);
    const actual = counts.get(groupID)!.total;
    if (actual === expected) continue;
    const claim = model.lastClaim.get(groupID);
    const title = `${when}: group ${groupID} has the totalMembers the earlier steps left (${expected})`;
    if (claim) report(world, { claim, title, expected: { group: groupID, totalMembers: expected }, actual: { group: groupID, totalMembers: actual }, followed: true });
    else report(world, unexplained(`${title}, but it has ${actual}`));
    model.base.set(groupID, actual - model.members.get(groupID)!.size);
  }
}

export function unexplained(title: string): ModelMismatch {
  return { claim: undefined, title, expected: 'no change', actual: title, followed: false };
}

/** A mismatch of the property's claim fails the sample; another claim's is left to that claim's property. */
export function report(world: ModelWorld, mismatch: ModelMismatch, response?: ApiResponse): void {
  if (mismatch.claim === world.claim) {
    world.sample.expect(false, {
      title: mismatch.title,
      expected: mismatch.expected,
      actual: { ...(mismatch.actual as object), steps: world.log },
      ...(response ? { response } : {}),
    });
  }
  if (!mismatch.followed) {
    const what = mismatch.claim ? `a deviation of ${CLAIM_TEXT[mismatch.claim]}` : 'a change no rule explains';
    world.sample.inconclusive(`${mismatch.title}: ${what}, which the model cannot follow`);
  }
}

export const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
