import { inputSpaces, pairId, requestClasses } from '../../generators';
import type { RecordedTraffic } from '../exchanges';
import type { InputCoverage, OperationCoverage } from '../types';

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
