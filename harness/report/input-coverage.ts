import { inputSpaces, pairId, requestClasses } from '../../generators';
import type { RecordedTraffic } from '../exchanges';
import { groupHistory, RELATION_CLASSES, relationClasses, searchFiltersOf } from '../model';
import type { AnswerCoverage, InputCoverage, OperationCoverage, Profile } from '../types';

/** How many missing classes and pairs an operation's entry lists (the counts are whole). */
const MAX_LISTED = 25;

const percent = (covered: number, total: number): number => (total === 0 ? 100 : Math.floor((1000 * covered) / total) / 10);

/**
 * The input-space coverage of a run: per operation, the classes of its parameters and the valid pairs of two
 * parameters' classes (generators/input-space.ts) that the run's requests exercised, out of those possible.
 * A request counts whatever its answer: what was exercised is what was sent.
 */
export function inputCoverage(traffic: RecordedTraffic): InputCoverage {
  const operations: Record<string, OperationCoverage> = {};
  let classes = 0;
  let classesTotal = 0;
  let pairs = 0;
  let pairsTotal = 0;
  for (const space of inputSpaces()) {
    const seenClasses = new Set<string>();
    const seenPairs = new Set<string>();
    const valid = new Set(space.classes.filter((c) => !c.invalid && !c.id.endsWith('=omitted')).map((c) => c.id));
    const allowed = new Set(space.pairs);
    for (const exchange of traffic.of(space.op)) {
      const sent = requestClasses(space.op, exchange.params);
      for (const id of sent) seenClasses.add(id);
      const pairable = sent.filter((id) => valid.has(id));
      for (let i = 0; i < pairable.length; i += 1) {
        for (let j = i + 1; j < pairable.length; j += 1) {
          const pair = pairId(pairable[i]!, pairable[j]!);
          if (allowed.has(pair)) seenPairs.add(pair);
        }
      }
    }
    const classIds = space.classes.map((c) => c.id);
    const missingClasses = classIds.filter((id) => !seenClasses.has(id));
    const missingPairs = space.pairs.filter((pair) => !seenPairs.has(pair));
    const coveredClasses = classIds.length - missingClasses.length;
    operations[space.op] = {
      classes: { covered: coveredClasses, total: classIds.length, percent: percent(coveredClasses, classIds.length), missing: missingClasses.slice(0, MAX_LISTED) },
      pairs: { covered: seenPairs.size, total: space.pairs.length, percent: percent(seenPairs.size, space.pairs.length), missing: missingPairs.slice(0, MAX_LISTED) },
      ...(Object.keys(space.notSent).length > 0 ? { notSent: space.notSent } : {}),
    };
    classes += coveredClasses;
    classesTotal += classIds.length;
    pairs += seenPairs.size;
    pairsTotal += space.pairs.length;
  }
  return {
    classes: { covered: classes, total: classesTotal, percent: percent(classes, classesTotal) },
    pairs: { covered: pairs, total: pairsTotal, percent: percent(pairs, pairsTotal) },
    operations,
  };
}

/** The classes of answers a rule needs that are not relations of the model: a member counter read around a write. */
const COUNTER_CLASSES = {
  add: 'contacts.import: both member counters read around an import adding to the group',
  remove: 'contacts.import: both member counters read around an import removing from the group',
} as const;

/**
 * The classes of answers the run's data allowed the rules to compare, beside the classes of requests it sent: each
 * relation of the model (one request written another way, a filter against its unfiltered read and whether it left
 * records out, an import row against the contact its address was given), and a group's counters read around a write;
 * with how many answers each, and the classes no answer of the run fell in (what the target's data, or the run, did
 * not allow).
 */
export function answerCoverage(traffic: RecordedTraffic, target: { profile: Profile }): AnswerCoverage {
  const classes: Record<string, number> = Object.fromEntries(relationClasses(traffic, target));
  for (const step of groupHistory(traffic, target).steps) {
    if (!step.held || step.active === undefined) continue;
    const name = COUNTER_CLASSES[step.kind];
    classes[name] = (classes[name] ?? 0) + 1;
  }
  const filters = (['groups.search', 'emails.search'] as const).flatMap((op) =>
    searchFiltersOf(op, target).filter((filter) => filter.asked({}) === undefined).map((filter) => `${op} ${filter.params.join('/')}: a filter that left records out`));
  const expected = [...RELATION_CLASSES, ...filters, ...Object.values(COUNTER_CLASSES)];
  const missing = expected.filter((name) => !classes[name]);
  const covered = expected.length - missing.length;
  return { covered, total: expected.length, percent: percent(covered, expected.length), classes, missing };
}
