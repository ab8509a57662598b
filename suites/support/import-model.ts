import fc from 'fast-check';
import type { AddressBook } from '../../generators';
import type { ApiClient, ApiResponse, CreatedContactsLog, Sample, Target } from '../../harness/core';
import { countsOf, everyStatus, importContacts, memberCounts, Unjudgeable, type MemberCounts } from './import';

/**
 * A model of group membership for model-based tests of contacts/import: random sequences of imports
 * (fresh and existing run-unique contacts, groupIDs / removeGroupIDs over a pool of Static groups,
 * updateExisting 0/1/absent) and group searches, each checked against the model: a group's totalMembers
 * is its count at the start of the sequence plus the sequence's contacts the model holds in it.
 *
 * One property per rule runs these sequences. A step judges the property's rule; a deviation that
 * another rule explains (and the model can follow) is noted and the model follows the target, so each
 * fault of the mock fails its own rule only. A failing sequence shrinks to a numbered list of steps.
 */

export type ModelRule =
  | 'contacts.import.groupIDs.add'
  | 'contacts.import.removeGroupIDs'
  | 'contacts.import.updateExisting.off-groups'
  | 'contacts.import.counts.agree';

/** The real system a sequence runs against, and the sample that judges it. */
export interface ModelWorld {
  api: ApiClient;
  target: Pick<Target, 'profile'>;
  createdContacts: CreatedContactsLog;
  book: AddressBook;
  /** Static groups the sequences use (no other check touches them). */
  pool: number[];
  rule: ModelRule;
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
  /** The rule that governed the last change of each group, to blame a later surprise on. */
  readonly lastRule = new Map<number, ModelRule>();
  /** Whether removeGroupIDs was seen to remove members with updateExisting 1 in this sequence. */
  removalWorks: boolean | undefined;
  /** Whether a step judged the property's rule. */
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

type ModelCommand = fc.AsyncCommand<MembershipModel, ModelWorld, false>;

/** updateExisting as a step sends it: absent (the documented default), 1 or 0. */
export type UpdateChoice = 'absent' | 1 | 0;

export interface ImportPlan {
  /** Fresh contacts to create. */
  fresh: number;
  /** Existing contacts of the sequence, as indexes taken modulo the number known. */
  existing: number[];
  /** Pool indexes of groupIDs and removeGroupIDs (disjoint). */
  add: number[];
  remove: number[];
  updateExisting: UpdateChoice;
}

/** Pool groups as the plan names them. */
const groupList = (indexes: number[], pool: number[]) => indexes.map((index) => pool[index]!).join(',');

/** The existing contacts a plan picks when `known` contacts exist (deduplicated, in pick order). */
function picks(plan: ImportPlan, known: number): number[] {
  return known === 0 ? [] : [...new Set(plan.existing.map((pick) => pick % known))];
}

function describeImport(plan: ImportPlan, pool: number[], names: string[]): string {
  const parts = [`import [${names.join(', ')}]`];
  if (plan.add.length > 0) parts.push(`groupIDs=[${groupList(plan.add, pool)}]`);
  if (plan.remove.length > 0) parts.push(`removeGroupIDs=[${groupList(plan.remove, pool)}]`);
  parts.push(plan.updateExisting === 'absent' ? '(no updateExisting)' : `updateExisting=${plan.updateExisting}`);
  return parts.join(' ');
}

/** A deviation a step saw, and the rule it breaks. */
interface Deviation {
  /** Undefined when no rule explains it (a group changed that the step did not name). */
  rule: ModelRule | undefined;
  title: string;
  expected: unknown;
  actual: unknown;
  /** Whether the model could follow what the target did. */
  followed: boolean;
}

class ImportStep implements ModelCommand {
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
    const existing = picks(plan, model.contacts.length).map((index) => model.contacts[index]!);
    const fresh = Array.from({ length: plan.fresh }, () => world.book.fresh());
    const emails = [...fresh, ...existing];
    const names = [...fresh.map((_, index) => `c${model.contacts.length + index + 1} (new)`), ...existing.map((email) => model.name(email))];
    world.log.push(`${step}. ${describeImport(plan, this.pool, emails.map((email, index) => `${names[index]} ${email}`))}`);

    const groupIDs = plan.add.map((index) => this.pool[index]!);
    const removeGroupIDs = plan.remove.map((index) => this.pool[index]!);
    const before = await groupCounts(world, this.pool);
    agreeWithModel(model, world, before, `before step ${step}`);
    const reading = await importContacts(world.api, world.target, world.createdContacts, {
      contacts: emails.map((email) => ({ email })),
      ...(groupIDs.length > 0 ? { groupIDs } : {}),
      ...(removeGroupIDs.length > 0 ? { removeGroupIDs } : {}),
      ...(plan.updateExisting === 'absent' ? {} : { updateExisting: plan.updateExisting === 1 }),
    });
    if (!reading.accepted || reading.rows?.length !== emails.length || reading.rows.some((row) => !row.success)) {
      world.sample.inconclusive(`step ${step}: the import did not succeed row by row, so the model cannot follow it`);
    }
    model.contacts.push(...fresh);

    if (world.rule === 'contacts.import.counts.agree') {
      const counts = countsOf(reading);
      model.judged = true;
      world.sample.expect(counts.inserted === counts.flaggedInserted && counts.updated === counts.flaggedUpdated, {
        title: `step ${step}: recordsInserted and recordsUpdated count the rows flagged inserted and updated`,
        expected: { recordsInserted: counts.flaggedInserted, recordsUpdated: counts.flaggedUpdated },
        actual: { recordsInserted: counts.inserted, recordsUpdated: counts.updated, steps: world.log },
        response: reading.response,
      });
    }

    const after = await groupCounts(world, this.pool);
    const keepExisting = plan.updateExisting !== 0;
    for (const groupID of this.pool) {
      const held = model.members.get(groupID)!;
      const observed = after.get(groupID)!.total - before.get(groupID)!.total;
      const deviation = groupIDs.includes(groupID)
        ? this.judgeAdd(model, world, { groupID, held, observed, fresh, existing, keepExisting, step })
        : removeGroupIDs.includes(groupID)
          ? this.judgeRemove(model, world, { groupID, held, observed, existing, keepExisting, step })
          : observed === 0
            ? undefined
            : unexplained(`step ${step}: group ${groupID}, named in neither groupIDs nor removeGroupIDs, changed its totalMembers by ${observed}`);
      if (deviation) report(world, deviation, reading.response);
      // The model now agrees with the target's count (any deviation was followed or has ended the sequence).
      model.base.set(groupID, after.get(groupID)!.total - held.size);
    }
  }

  private judgeAdd(
    model: MembershipModel,
    world: ModelWorld,
    { groupID, held, observed, fresh, existing, keepExisting, step }: { groupID: number; held: Set<string>; observed: number; fresh: string[]; existing: string[]; keepExisting: boolean; step: number },
  ): Deviation | undefined {
    const joining = existing.filter((email) => !held.has(email));
    const expected = fresh.length + joining.length;
    const judges = (rule: ModelRule) => rule === world.rule;
    const offGroups = !keepExisting && joining.length > 0;
    if (observed === expected) {
      for (const email of [...fresh, ...existing]) held.add(email);
      model.lastRule.set(groupID, offGroups ? 'contacts.import.updateExisting.off-groups' : 'contacts.import.groupIDs.add');
      const judgedAdd = judges('contacts.import.groupIDs.add') && expected > 0 && (keepExisting || fresh.length > 0);
      if (judgedAdd || (judges('contacts.import.updateExisting.off-groups') && offGroups)) model.judged = true;
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
        rule: 'contacts.import.updateExisting.off-groups',
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
      rule: 'contacts.import.groupIDs.add',
      title: `step ${step}: group ${groupID} of groupIDs gains every imported contact it did not hold (${expected})`,
      ...what,
      followed,
    };
  }

  private judgeRemove(
    model: MembershipModel,
    world: ModelWorld,
    { groupID, held, observed, existing, keepExisting, step }: { groupID: number; held: Set<string>; observed: number; existing: string[]; keepExisting: boolean; step: number },
  ): Deviation | undefined {
    const leaving = existing.filter((email) => held.has(email));
    const judges = (rule: ModelRule) => rule === world.rule;
    const rule: ModelRule = keepExisting ? 'contacts.import.removeGroupIDs' : 'contacts.import.updateExisting.off-groups';
    if (observed === -leaving.length) {
      for (const email of leaving) held.delete(email);
      model.lastRule.set(groupID, rule);
      if (keepExisting && leaving.length > 0) model.removalWorks = true;
      if ((judges('contacts.import.removeGroupIDs') && keepExisting) || (judges('contacts.import.updateExisting.off-groups') && !keepExisting && leaving.length > 0)) model.judged = true;
      return undefined;
    }
    const what = {
      expected: { group: groupID, totalMembers: signed(-leaving.length), membersRemoved: leaving.length },
      actual: { group: groupID, totalMembers: signed(observed) },
    };
    const title = keepExisting
      ? `step ${step}: group ${groupID} of removeGroupIDs loses the ${leaving.length} imported member(s)`
      : `step ${step}: with updateExisting 0 the ${leaving.length} existing member(s) still leave group ${groupID} of removeGroupIDs`;
    if (observed !== 0) return { rule, title, ...what, followed: false };
    if (keepExisting) {
      model.removalWorks = false;
      return { rule, title, ...what, followed: true };
    }
    // Not removed with updateExisting 0: updateExisting's fault only where removal was seen to work with 1.
    // Elsewhere removeGroupIDs itself may be at fault: nothing is blamed and the model follows the target.
    if (model.removalWorks === true) return { rule, title: `${title} (as removeGroupIDs did with updateExisting 1)`, ...what, followed: true };
    return undefined;
  }

  toString(): string {
    const names = [...Array.from({ length: this.plan.fresh }, () => 'new'), ...this.plan.existing.map((pick) => `existing #${pick}`)];
    return describeImport(this.plan, this.pool, names);
  }
}

class SearchStep implements ModelCommand {
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
    const counts = await groupCounts(world, this.pool, this.method);
    agreeWithModel(model, world, counts, `step ${step}`);
  }

  toString(): string {
    return `groups/search groupIDs=[${this.pool.join(',')}] status=${everyStatus()} (${this.method})`;
  }
}

/** Group counts read between imports must be what the model expects: nothing else changes these groups. */
function agreeWithModel(model: MembershipModel, world: ModelWorld, counts: Map<number, MemberCounts>, when: string): void {
  for (const groupID of world.pool) {
    const expected = model.expectedTotal(groupID);
    const actual = counts.get(groupID)!.total;
    if (actual === expected) continue;
    const rule = model.lastRule.get(groupID);
    const title = `${when}: group ${groupID} has the totalMembers the earlier steps left (${expected})`;
    if (rule) report(world, { rule, title, expected: { group: groupID, totalMembers: expected }, actual: { group: groupID, totalMembers: actual }, followed: true });
    else report(world, unexplained(`${title}, but it has ${actual}`));
    model.base.set(groupID, actual - model.members.get(groupID)!.size);
  }
}

function unexplained(title: string): Deviation {
  return { rule: undefined, title, expected: 'no change', actual: title, followed: false };
}

/** A deviation of the property's rule fails the sample; another rule's is left to that rule's property. */
function report(world: ModelWorld, deviation: Deviation, response?: ApiResponse): void {
  if (deviation.rule === world.rule) {
    world.sample.expect(false, {
      title: deviation.title,
      expected: deviation.expected,
      actual: { ...(deviation.actual as object), steps: world.log },
      ...(response ? { response } : {}),
    });
  }
  if (!deviation.followed) {
    world.sample.inconclusive(`${deviation.title}: ${deviation.rule ? `a deviation of ${deviation.rule}` : 'a change no rule explains'}, which the model cannot follow`);
  }
}

async function groupCounts(world: ModelWorld, pool: number[], method: 'GET' | 'POST' = 'GET'): Promise<Map<number, MemberCounts>> {
  try {
    return await memberCounts(world.api, pool, method);
  } catch (error) {
    if (error instanceof Unjudgeable) world.sample.inconclusive(error.message);
    throw error;
  }
}

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

// ------------------------------------------------------------------ sequences

/** A sequence of steps; in a report it reads as a numbered list of calls. */
export interface StepSequence {
  steps: Iterable<ModelCommand>;
  toJSON(): string[];
}

/**
 * Imports a property draws more often, besides any import: `join` (new and existing contacts into two or
 * more groups), `leave` (existing contacts out of groups, updateExisting absent or 1), `move` (existing
 * contacts into and out of groups with updateExisting 0).
 */
export type StepFocus = 'join' | 'leave' | 'move';

export interface SequenceOptions {
  /** At most this many steps (default 8). */
  maxSteps?: number;
  focus?: StepFocus;
}

/** Random sequences of imports (three in four steps) and group searches over the pool. */
export function stepSequences(pool: number[], options: SequenceOptions = {}): fc.Arbitrary<StepSequence> {
  const { maxSteps = 8, focus } = options;
  const indexes = pool.map((_, index) => index);
  const plan = (parts: {
    fresh: fc.Arbitrary<number>;
    existing: fc.Arbitrary<number[]>;
    groups: fc.Arbitrary<number[]>;
    /** Where groups are cut into groupIDs (before) and removeGroupIDs (after); random when absent. */
    cut?: 'all-add' | 'all-remove';
    updateExisting: fc.Arbitrary<UpdateChoice>;
  }) =>
    fc
      .record({ fresh: parts.fresh, existing: parts.existing, groups: parts.groups, updateExisting: parts.updateExisting, split: fc.nat() })
      .filter((drawn) => drawn.fresh + drawn.existing.length > 0)
      .map(({ fresh, existing, groups, split, updateExisting }): ImportPlan => {
        const cut = parts.cut === 'all-add' ? groups.length : parts.cut === 'all-remove' ? 0 : split % (groups.length + 1);
        return { fresh, existing, add: groups.slice(0, cut), remove: groups.slice(cut), updateExisting };
      });
  const upTo = (max: number, min = 0) => fc.array(fc.nat({ max: 20 }), { minLength: min, maxLength: max });
  const anyImport = plan({
    fresh: fc.integer({ min: 0, max: 3 }),
    existing: upTo(3),
    groups: fc.shuffledSubarray(indexes),
    updateExisting: fc.constantFrom<UpdateChoice>('absent', 1, 0),
  });
  const focused: Record<StepFocus, fc.Arbitrary<ImportPlan>> = {
    join: plan({
      fresh: fc.integer({ min: 1, max: 3 }),
      existing: upTo(2),
      groups: fc.shuffledSubarray(indexes, { minLength: Math.min(2, indexes.length) }),
      cut: 'all-add',
      updateExisting: fc.constantFrom<UpdateChoice>('absent', 1),
    }),
    leave: plan({
      fresh: fc.integer({ min: 0, max: 1 }),
      existing: upTo(3, 1),
      groups: fc.shuffledSubarray(indexes, { minLength: 1 }),
      cut: 'all-remove',
      updateExisting: fc.constantFrom<UpdateChoice>('absent', 1),
    }),
    move: plan({
      fresh: fc.integer({ min: 0, max: 2 }),
      existing: upTo(3, 1),
      groups: fc.shuffledSubarray(indexes, { minLength: 1 }),
      updateExisting: fc.constant<UpdateChoice>(0),
    }),
  };
  const importPlan = focus ? fc.oneof({ weight: 1, arbitrary: anyImport }, { weight: 2, arbitrary: focused[focus] }) : anyImport;
  const importStep = importPlan.map((plan): ModelCommand => new ImportStep(plan, pool));
  const searchStep = fc.constantFrom<'GET' | 'POST'>('GET', 'POST').map((method): ModelCommand => new SearchStep(method, pool));
  const commands = fc.commands<MembershipModel, ModelWorld, false>([importStep, importStep, importStep, searchStep], { maxCommands: maxSteps, size: 'max' });
  return commands.map((steps) => ({ steps, toJSON: () => numberedSteps(steps, pool) }));
}

/** The steps of a sequence as they run: numbered, new contacts named c1, c2, ... in creation order. */
function numberedSteps(steps: Iterable<ModelCommand>, pool: number[]): string[] {
  const lines: string[] = [];
  let known = 0;
  for (const item of steps) {
    // fast-check wraps each command; its toString is the command's.
    const inner = (item as { cmd?: unknown }).cmd;
    const command = inner instanceof ImportStep || inner instanceof SearchStep ? inner : item;
    if (command instanceof SearchStep) {
      lines.push(`${lines.length + 1}. ${command.toString()}`);
    } else if (command instanceof ImportStep) {
      const { plan } = command;
      if (!(plan.fresh > 0 || (plan.existing.length > 0 && known > 0))) continue;
      const names = [
        ...Array.from({ length: plan.fresh }, (_, index) => `c${known + index + 1} (new)`),
        ...picks(plan, known).map((index) => `c${index + 1}`),
      ];
      known += plan.fresh;
      lines.push(`${lines.length + 1}. ${describeImport(plan, pool, names)}`);
    } else {
      lines.push(`${lines.length + 1}. ${String(item)}`);
    }
  }
  return lines;
}

/** Runs one sequence against the target; ends the sample unjudged when no step judged the world's rule. */
export async function runSequence(sequence: StepSequence, world: Omit<ModelWorld, 'log'>): Promise<void> {
  const real: ModelWorld = { ...world, log: [] };
  let model: MembershipModel | undefined;
  await fc.asyncModelRun(async () => {
    model = new MembershipModel(world.pool, await groupCounts(real, world.pool));
    return { model, real };
  }, sequence.steps);
  if (!model?.judged) world.sample.inconclusive(`no step of the sequence exercised ${world.rule}`);
}
