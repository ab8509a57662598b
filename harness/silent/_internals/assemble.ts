import { silentPoint } from '../../contract';
import type { SilentPointObservation } from '../../types';
import type { Sighting } from './sighting';

/** At most this many evidence lines per point. */
export const MAX_EVIDENCE = 3;
/** The longest evidence line kept (a longer one is cut). */
const MAX_LINE = 140;

const line = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_LINE ? `${flat.slice(0, MAX_LINE - 1)}…` : flat;
};

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One point's observation from its sightings: the readings sorted and deduplicated; the evidence one line
 * per reading first (readings in order, each its smallest line), then the others, at most MAX_EVIDENCE:
 * the same sightings in any order give the same observation. A sighting of no reading of the point is
 * a harness bug, and throws.
 */
export function assemble(id: string, sightings: readonly Sighting[]): SilentPointObservation {
  const point = silentPoint(id);
  const lines = new Map<string, Set<string>>();
  for (const { reading, evidence } of sightings) {
    if (!Object.hasOwn(point.readings, reading)) throw new Error(`silent point ${id}: an observer saw "${reading}", no reading of the point`);
    let set = lines.get(reading);
    if (!set) lines.set(reading, (set = new Set()));
    set.add(line(evidence));
  }
  const readings = [...lines.keys()].sort(byText);
  const queues = readings.map((reading) => [...lines.get(reading)!].sort(byText));
  const evidence: string[] = [];
  for (let round = 0; evidence.length < MAX_EVIDENCE && queues.some((queue) => queue.length > round); round++) {
    for (const queue of queues) {
      const next = queue[round];
      if (next !== undefined && evidence.length < MAX_EVIDENCE && !evidence.includes(next)) evidence.push(next);
    }
  }
  return { point: id, sentence: point.open, readings, evidence };
}
