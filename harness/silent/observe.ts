/** The one entry: what a run's whole traffic showed at every catalogued silent point. */
import type { RecordedTraffic, Target } from '../check';
import { loadSilentPoints } from '../contract';
import type { SilentPointObservation } from '../types';
import { assemble } from './_internals/assemble';
import type { SilentObserver } from './_internals/sighting';
import { OBSERVERS } from './observers';

const byPoint = new Map<string, SilentObserver>(OBSERVERS.map((entry) => [entry.point, entry]));

/** The observer of a point, if it has one. */
export const observerOf = (point: string): SilentObserver | undefined => byPoint.get(point);

/**
 * One observation for every point of spec/silent-points.yaml, in catalogue order: the readings the
 * exchanges showed (sorted; [] when not observed, and for a point no observer reads) and up to three
 * normalised lines of evidence. Pure and deterministic: the same exchanges in any order give the same
 * observations; it never judges.
 */
export function observeSilentPoints(traffic: RecordedTraffic, target: Target): SilentPointObservation[] {
  return loadSilentPoints().points.map((point) => assemble(point.id, byPoint.get(point.id)?.observe(traffic, target) ?? []));
}
