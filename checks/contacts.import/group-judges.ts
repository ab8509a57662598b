/**
 * The group rules of contacts/import judged on the steps of the traffic (the model's group history): groupIDs adds,
 * removeGroupIDs removes, updateExisting 0 still moves existing contacts, a Dynamic group never gains
 * contacts, a suppressed contact stays inactive. A change outside what the documented semantics allow is
 * blamed on the one rule it breaks; where two rules could explain it, neither fails and the rule is left
 * unsettled. Pure: no I/O.
 */
import type { Target, TrafficContext, Judgement } from '../../harness/check';
import { VerdictTally, type FailureEvidence } from '../shared/judges';
import { groupHistory, namedGroups, type GroupStep } from '../../harness/model';

const signed = (value: number): string => (value > 0 ? `+${value}` : String(value));

/** What a step's import was, for titles. */
function describe(step: GroupStep): string {
  const { imported, groupID, kind } = step;
  const update = imported.updateExisting === 'absent' ? 'no updateExisting' : `updateExisting ${imported.updateExisting === 'off' ? 0 : 1}`;
  return `importing ${imported.rows.length} contact(s) with ${kind === 'add' ? 'groupIDs' : 'removeGroupIDs'} naming group ${groupID} (${update})`;
}

/** The range of totalMembers changes the documented semantics allow, and what the sightings show. */
function evidence(step: GroupStep, movers: { sure: number; most: number }): Omit<FailureEvidence, 'title'> {
  const range = step.kind === 'add' ? [movers.sure, movers.most] : [-movers.most, -movers.sure];
  return {
    expected: { group: step.groupID, totalMembers: range[0] === range[1] ? signed(range[0]!) : `${signed(range[0]!)} to ${signed(range[1]!)}`, newContacts: step.fresh.sure, existing: step.existing },
    actual: { group: step.groupID, totalMembers: signed(step.observed), before: step.before.total, after: step.after.total },
    response: step.imported.exchange,
  };
}

/**
 * The step's activeMembers judged where its totalMembers held (the contacts moved as documented): activeMembers
 * moves by the active ones among them ("Number of active (not held or suppressed) contacts in the group").
 * Returns whether it was judged.
 */
function expectActive(tally: VerdictTally, step: GroupStep): boolean {
  const { active } = step;
  if (!step.held || !active) return false;
  const range = active.least === active.most ? signed(active.least) : `${signed(active.least)} to ${signed(active.most)}`;
  tally.expect(active.held, {
    title: `${describe(step)} ${step.kind === 'add' ? 'raises' : 'lowers'} its activeMembers by the active contacts among those it ${step.kind === 'add' ? 'gained' : 'lost'}`,
    expected: { group: step.groupID, activeMembers: range, totalMembers: signed(step.observed) },
    actual: { group: step.groupID, activeMembers: signed(active.observed), before: step.before.active, after: step.after.active },
    response: step.imported.exchange,
  });
  return true;
}

const all = (step: GroupStep) => ({ sure: step.fresh.sure + step.existing.sure, most: step.fresh.sure + step.existing.sure + step.fresh.unsure + step.existing.unsure });
const freshOnly = (step: GroupStep) => ({ sure: step.fresh.sure, most: step.fresh.sure + step.fresh.unsure });

/**
 * Whether the traffic shows existing contacts moving on this kind of step of the group (the same groups named)
 * with updateExisting 1 or absent: then one not moving with updateExisting 0 is updateExisting's fault, not the group rule's.
 */
const movesExisting = (steps: GroupStep[], like: GroupStep): boolean =>
  steps.some((step) => step.groupID === like.groupID && step.kind === like.kind && sameList(step, like) && step.keepExisting && step.held && step.existing.sure > 0);

/** Two steps named the same groups, in the same order, in the parameter of their kind (a target may treat positions differently). */
const sameList = (a: GroupStep, b: GroupStep): boolean => {
  const list = (step: GroupStep) => JSON.stringify(step.imported.exchange.params[step.kind === 'add' ? 'groupIDs' : 'removeGroupIDs']);
  return list(a) === list(b);
};

/**
 * groupIDs.add: a Static group of groupIDs gains every imported contact it did not hold (new contacts only, with
 * updateExisting 0), and its activeMembers the active ones among them.
 */
export function judgeGroupIDsAdd(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  const seen = { existing: false, several: false, active: false };
  for (const step of groupHistory(ctx.traffic, ctx.target).steps.filter((s) => s.kind === 'add')) {
    const { sure, most } = all(step);
    if (step.keepExisting) {
      if (most === 0 && step.observed === 0) continue;
      if (tally.expect(step.held, { title: `${describe(step)} raises its totalMembers by the contacts it did not hold`, ...evidence(step, { sure, most }) })) {
        seen.existing ||= step.existing.sure > 0;
        seen.several ||= (namedGroups(step.imported.exchange)?.add.length ?? 0) > 1;
      }
      seen.active ||= expectActive(tally, step) && step.active!.least > 0;
      continue;
    }
    // With updateExisting 0 the existing contacts are the other rule's: judged here, the new ones join and nobody else does.
    const fresh = freshOnly(step);
    if (fresh.most === 0 && step.observed >= 0 && step.observed <= most) continue;
    tally.expect(step.observed >= fresh.sure && step.observed <= most, { title: `${describe(step)} adds the new contacts to it`, ...evidence(step, { sure: fresh.sure, most }) });
    expectActive(tally, step);
  }
  const missing = [
    ...(seen.existing ? [] : ['no import added an existing contact the group did not hold']),
    ...(seen.several ? [] : ['no import naming two or more groups in groupIDs was judged']),
    ...(seen.active ? [] : ['no import added contacts known to be active while activeMembers was read around it']),
  ];
  return tally.verdicts({ none: 'no import added contacts to an Active Static group between two groups/search answers showing its totalMembers', missing });
}

/** removeGroupIDs: a Static group of removeGroupIDs loses every imported contact it held, and its activeMembers the active ones among them. */
export function judgeRemoveGroupIDs(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  let removed = false;
  let activeRemoved = false;
  for (const step of groupHistory(ctx.traffic, ctx.target).steps.filter((s) => s.kind === 'remove')) {
    const { sure, most } = all(step);
    if (step.keepExisting) {
      if (most === 0 && step.observed === 0) continue;
      if (tally.expect(step.held, { title: `${describe(step)} lowers its totalMembers by the members imported`, ...evidence(step, { sure, most }) })) removed ||= sure > 0;
      activeRemoved ||= expectActive(tally, step) && step.active!.most < 0;
      continue;
    }
    // With updateExisting 0, members staying are updateExisting's question; more leaving than were imported is this rule's.
    if (step.observed < -most) tally.expect(false, { title: `${describe(step)} removes no contact but those imported`, ...evidence(step, { sure, most }) });
  }
  return tally.verdicts({
    none: 'no import removed members from an Active Static group between two groups/search answers showing its totalMembers',
    missing: [
      ...(removed ? [] : ['no import removed a contact known to be a member']),
      ...(activeRemoved ? [] : ['no import removed members known to be active while activeMembers was read around it']),
    ],
  });
}

/**
 * updateExisting.off-groups: with updateExisting 0 the existing contacts still join groupIDs and leave
 * removeGroupIDs. One that does not is this rule's failure where the same call's new contacts joined, or
 * where the traffic shows existing contacts moving on the group without updateExisting 0; else unsettled.
 */
export function judgeOffGroups(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  const { steps } = groupHistory(ctx.traffic, ctx.target);
  const moved = new Set<GroupStep['kind']>();
  for (const step of steps.filter((s) => !s.keepExisting && s.existing.sure + s.existing.unsure > 0)) {
    const { sure, most } = all(step);
    const title = `${describe(step)} still ${step.kind === 'add' ? 'adds' : 'removes'} the existing contacts`;
    if (step.held) {
      tally.expect(true, { title, response: step.imported.exchange });
      moved.add(step.kind);
      continue;
    }
    // Fewer existing contacts moved than the documented semantics need (more moving is the group rule's).
    const short = step.kind === 'add' ? step.observed >= step.fresh.sure && step.observed < sure : step.observed > -sure && step.observed >= -most;
    if (!short) continue;
    const blamed = (step.kind === 'add' && step.fresh.sure > 0) || movesExisting(steps, step);
    if (blamed) tally.expect(false, { title, ...evidence(step, { sure, most }) });
    else tally.unsettle(`${describe(step)} moved fewer contacts than it imported, and no step shows existing contacts moving on group ${step.groupID} otherwise`);
  }
  return tally.verdicts({
    none: 'no import with updateExisting 0 named a group holding (or not holding) its existing contacts between two groups/search answers',
    missing: [...(moved.has('add') ? [] : ['no existing contact was seen joining groupIDs with updateExisting 0']), ...(moved.has('remove') ? [] : ['no existing contact was seen leaving removeGroupIDs with updateExisting 0'])],
  });
}

/** Records that carry nothing but an address: a Dynamic group's query cannot select them by their data. */
const addressOnly = (records: readonly unknown[] | undefined): boolean =>
  records !== undefined && records.every((record) => typeof record === 'object' && record !== null && Object.keys(record).join() === 'email');

/**
 * dynamic-group.refused: a Dynamic group named in groupIDs keeps its totalMembers. A group whose members
 * follow a query may change by itself: a change fails the rule only where the traffic also shows the group
 * unchanged across imports of new address-only contacts that did not name it.
 */
export function judgeDynamicRefused(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  const { dynamic } = groupHistory(ctx.traffic, ctx.target);
  const steady = new Set(
    dynamic
      .filter(({ imports, naming, before, after }) => naming.length === 0 && imports.length > 0 && after.total === before.total)
      .filter(({ imports }) => imports.every((imported) => addressOnly(imported.records) && imported.rows.every((item) => item.row?.success && item.row.inserted)))
      .map(({ after }) => after.groupID),
  );
  for (const { before, after, naming } of dynamic.filter((interval) => interval.naming.length > 0)) {
    const change = after.total - before.total;
    const title = `importing contacts with groupIDs naming Dynamic group ${after.groupID} leaves its totalMembers unchanged`;
    const evidenceOf = { expected: { group: after.groupID, totalMembers: '+0' }, actual: { group: after.groupID, totalMembers: signed(change) }, response: naming[0]!.exchange };
    if (change === 0) tally.expect(true, { title, ...evidenceOf });
    else if (steady.has(after.groupID) && naming.every((imported) => addressOnly(imported.records))) tally.expect(false, { title, ...evidenceOf });
    else tally.unsettle(`Dynamic group ${after.groupID} changed by ${signed(change)} across an import naming it, and the traffic does not show it steady across imports that did not`);
  }
  return tally.verdicts({ none: 'no import named a Dynamic group in groupIDs between two groups/search answers showing its totalMembers' });
}

const suppressedOf = (target: Pick<Target, 'profile'>): Set<string> => new Set((target.profile.fixtures?.suppressedEmails ?? []).map((email) => email.toLowerCase()));

/**
 * suppressed.stays: an import adding only existing suppressed contacts (fixtures.suppressedEmails) to a
 * Static group does not raise its activeMembers; judged where the group gained them (totalMembers rose).
 */
export function judgeSuppressedStays(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  const suppressed = suppressedOf(ctx.target);
  for (const step of groupHistory(ctx.traffic, ctx.target).steps.filter((s) => s.kind === 'add')) {
    const rows = step.imported.rows;
    if (!rows.every((item) => item.email !== undefined && suppressed.has(item.email.toLowerCase()) && item.row?.success && !item.row.inserted)) continue;
    const { before, after } = step;
    if (before.active === undefined || after.active === undefined) continue;
    const active = after.active - before.active;
    if (step.observed <= 0 && active <= 0) continue;
    tally.expect(active <= 0, {
      title: `suppressed ${rows.map((item) => item.email).join(', ')} imported into group ${step.groupID} counts in totalMembers but not in activeMembers`,
      expected: { totalMembers: signed(step.observed), activeMembers: '+0' },
      actual: { totalMembers: signed(step.observed), activeMembers: signed(active) },
      response: step.imported.exchange,
    });
  }
  const none = suppressed.size === 0
    ? 'the target profile names no suppressed contact (fixtures.suppressedEmails), so no import can be seen importing one'
    : 'no import added a suppressed fixture contact to an Active Static group between two groups/search answers showing its counts';
  return tally.verdicts({ none });
}
