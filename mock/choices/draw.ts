import fc from 'fast-check';
import type { ChoiceMap } from './choices';
import { POINT_IDS, mockReadings } from './points';

/**
 * Any combination of the readings the mock takes (every point it varies, each reading equally likely),
 * with the points of `fixed` held at their reading (a fault that needs one: mock/choices/fault-needs.ts).
 */
export function choicesArbitrary(fixed: ChoiceMap = {}): fc.Arbitrary<Record<string, string>> {
  const readingOf = (point: string) => (Object.hasOwn(fixed, point) ? fc.constant(fixed[point]!) : fc.constantFrom(...(mockReadings(point) ?? [])));
  return fc.record(Object.fromEntries(POINT_IDS.map((point) => [point, readingOf(point)])));
}

/** `count` combinations drawn from the seed: the same seed gives the same combinations. */
export function drawChoices(seed: number, count: number, fixed: ChoiceMap = {}): Record<string, string>[] {
  // fast-check's records have no prototype: plain objects for whoever compares or spreads them
  return fc.sample(choicesArbitrary(fixed), { seed, numRuns: count }).map((drawn) => ({ ...drawn }));
}

/** A seed for a draw: the given one, or a fresh one (printed by whoever draws, so a failure can be replayed). */
export function drawSeed(given?: string): number {
  if (given !== undefined && given.trim() !== '') {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed)) throw new RangeError(`a draw seed is an integer, got "${given}"`);
    return seed;
  }
  return Math.floor(Math.random() * 2 ** 31);
}

/** The seed of one named draw within a seeded whole (a fault's combination in the matrix): the same name and seed give the same combination, whatever else is drawn. */
export function namedSeed(seed: number, name: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let index = 0; index < name.length; index++) hash = Math.imul(hash ^ name.charCodeAt(index), 0x01000193);
  return hash | 0;
}
