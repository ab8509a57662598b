/** The steps of a membership-model sequence: an import judged group by group, and a group search. */
import type fc from 'fast-check';
import { existingPicks, type ImportPlan } from '../../generators';
import { everyStatus, memberCounts } from './groups';
import { importContacts } from './import-call';
import { agreeWithModel, describeImport, report, signed, unexplained, type Claim, type MembershipModel, type ModelMismatch, type ModelWorld } from './membership-model';
import { countsAgree, countsOf, succeededRowByRow } from './rows';

export type ModelCommand = fc.AsyncCommand<MembershipModel, ModelWorld, false>;

/** What a step saw of one group of groupIDs or removeGroupIDs. */
interface GroupStep {
  groupID: number;
  held: Set<string>;
  observed: number;
  fresh: string[];
  existing: string[];
  keepExisting: boolean;
  step: number;
}

export class ImportStep implements ModelCommand {
  constructor(
    readonly plan: ImportPlan,
    private readonly pool: number[],
  ) {}

  check(model: Readonly<MembershipModel>): boolean {
    return this.plan.fresh > 0 || (this.plan.existing.length > 0 && model.contacts.length > 0);
  }

  async run(model: MembershipModel, world: ModelWorld): Promise<void> {
    const { plan } = this;
    const step = ++model.steps;
    const existing = existingPicks(plan, model.contacts.length).map((index) => model.contacts[index]!);
    const fresh = Array.from({ length: plan.fresh }, () => world.book.fresh());
    const emails = [...fresh, ...existing];
    const names = [...fresh.map((_, index) => `c${model.contacts.length + index + 1} (new)`), ...existing.map((email) => model.name(email))];
    world.log.push(`${step}. ${describeImport(plan, this.pool, emails.map((email, index) => `${names[index]} ${email}`))}`);

    const groupIDs = plan.add.map((index) => this.pool[index]!);
    const removeGroupIDs = plan.remove.map((index) => this.pool[index]!);
    const before = await memberCounts(world.api, this.pool);
    agreeWithModel(model, world, before, `before step ${step}`);
    const reading = await importContacts(world, {
      contacts: emails.map((email) => ({ email })),
      ...(groupIDs.length > 0 ? { groupIDs } : {}),
      ...(removeGroupIDs.length > 0 ? { removeGroupIDs } : {}),
      ...(plan.updateExisting === 'absent' ? {} : { updateExisting: plan.updateExisting === 1 }),
    });
    if (!succeededRowByRow(reading, emails.length)) {
      world.sample.inconclusive(`step ${step}: the import did not succeed row by row, so the model cannot follow it`);
    }
    model.contacts.push(...fresh);

    if (world.claim === 'counts') {
      const counts = countsOf(reading);
      model.judged = true;
      world.sample.expect(countsAgree(counts), {
        title: `step ${step}: recordsInserted and recordsUpdated count the rows flagged inserted and updated`,
        expected: { recordsInserted: counts.flaggedInserted, recordsUpdated: counts.flaggedUpdated },
        actual: { recordsInserted: counts.inserted, recordsUpdated: counts.updated, steps: world.log },
        response: reading.response,
      });
    }

    const after = await memberCounts(world.api, this.pool);
    const keepExisting = plan.updateExisting !== 0;
    for (const groupID of this.pool) {
      const held = model.members.get(groupID)!;
      const observed = after.get(groupID)!.total - before.get(groupID)!.total;
      const seen: GroupStep = { groupID, held, observed, fresh, existing, keepExisting, step };
      const mismatch = groupIDs.includes(groupID)
        ? judgeAdd(model, world, seen)
        : removeGroupIDs.includes(groupID)
          ? judgeRemove(model, world, seen)
          : observed === 0
            ? undefined
            : unexplained(`step ${step}: group ${groupID}, named in neither groupIDs nor removeGroupIDs, changed its totalMembers by ${observed}`);
      if (mismatch) report(world, mismatch, reading.response);
      // The model now agrees with the target's count (any mismatch was followed or has ended the sequence).
      model.base.set(groupID, after.get(groupID)!.total - held.size);
    }
  }

  toString(): string {
    const names = [...Array.from({ length: this.plan.fresh }, () => 'new'), ...this.plan.existing.map((pick) => `existing #${pick}`)];
    return describeImport(this.plan, this.pool, names);
  }
}

function judgeAdd(model: MembershipModel, world: ModelWorld, { groupID, held, observed, fresh, existing, keepExisting, step }: GroupStep): ModelMismatch | undefined {
  const joining = existing.filter((email) => !held.has(email));
  const expected = fresh.length + joining.length;
  const judges = (claim: Claim) => claim === world.claim;
  const offGroups = !keepExisting && joining.length > 0;
  if (observed === expected) {
    for (const email of [...fresh, ...existing]) held.add(email);
    model.lastClaim.set(groupID, offGroups ? 'move' : 'join');
    const judgedAdd = judges('join') && expected > 0 && (keepExisting || fresh.length > 0);
    if (judgedAdd || (judges('move') && offGroups)) model.judged = true;
    return undefined;
  }
  const what = {
    expected: { group: groupID, totalMembers: `+${expected}`, newContacts: fresh.length, existingNonMembers: joining.length },
    actual: { group: groupID, totalMembers: signed(observed) },
  };
  if (offGroups && fresh.length > 0 && observed === fresh.length) {
    // The new contacts of the same call joined; the existing ones did not.
    for (const email of fresh) held.add(email);
    return {
      claim: 'move',
      title: `step ${step}: with updateExisting 0 the ${joining.length} existing contact(s) join group ${groupID} of groupIDs (the call's new contacts did)`,
      ...what,
      followed: true,
    };
  }
  // Only existing contacts with updateExisting 0, and none joined: groupIDs or updateExisting 0 may be at
  // fault, so nothing is blamed and the model follows the target.
  if (offGroups && fresh.length === 0 && observed === 0) return undefined;
  const followed = observed === 0 || observed === fresh.length;
  if (observed === fresh.length) for (const email of fresh) held.add(email);
  return {
    claim: 'join',
    title: `step ${step}: group ${groupID} of groupIDs gains every imported contact it did not hold (${expected})`,
    ...what,
    followed,
  };
}

function judgeRemove(model: MembershipModel, world: ModelWorld, { groupID, held, observed, existing, keepExisting, step }: GroupStep): ModelMismatch | undefined {
  const leaving = existing.filter((email) => held.has(email));
  const judges = (claim: Claim) => claim === world.claim;
  const claim: Claim = keepExisting ? 'leave' : 'move';
  if (observed === -leaving.length) {
    for (const email of leaving) held.delete(email);
    model.lastClaim.set(groupID, claim);
    if (keepExisting && leaving.length > 0) model.removalWorks = true;
    if ((judges('leave') && keepExisting) || (judges('move') && !keepExisting && leaving.length > 0)) model.judged = true;
    return undefined;
  }
  const what = {
    expected: { group: groupID, totalMembers: signed(-leaving.length), membersRemoved: leaving.length },
    actual: { group: groupID, totalMembers: signed(observed) },
  };
  const title = keepExisting
    ? `step ${step}: group ${groupID} of removeGroupIDs loses the ${leaving.length} imported member(s)`
    : `step ${step}: with updateExisting 0 the ${leaving.length} existing member(s) still leave group ${groupID} of removeGroupIDs`;
  if (observed !== 0) return { claim, title, ...what, followed: false };
  if (keepExisting) {
    model.removalWorks = false;
    return { claim, title, ...what, followed: true };
  }
  // Not removed with updateExisting 0: updateExisting's fault only where removal was seen to work with 1.
  // Elsewhere removeGroupIDs itself may be at fault: nothing is blamed and the model follows the target.
  if (model.removalWorks === true) return { claim, title: `${title} (as removeGroupIDs did with updateExisting 1)`, ...what, followed: true };
  return undefined;
}

export class SearchStep implements ModelCommand {
  constructor(
    readonly method: 'GET' | 'POST',
    private readonly pool: number[],
  ) {}

  check(): boolean {
    return true;
  }

  async run(model: MembershipModel, world: ModelWorld): Promise<void> {
    const step = ++model.steps;
    world.log.push(`${step}. ${this.toString()}`);
    const counts = await memberCounts(world.api, this.pool, this.method);
    agreeWithModel(model, world, counts, `step ${step}`);
  }

  toString(): string {
    return `groups/search groupIDs=[${this.pool.join(',')}] status=${everyStatus()} (${this.method})`;
  }
}
