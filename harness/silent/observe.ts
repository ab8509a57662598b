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
 * observations; it never judges. `onError` receives an observer's error (a harness bug) and leaves its point
 * not observed; without it the error is thrown.
 */
export function observeSilentPoints(traffic: RecordedTraffic, target: Target, onError?: (point: string, error: unknown) => void): SilentPointObservation[] {
  return loadSilentPoints().points.map((point) => {
    try {
      return assemble(point.id, byPoint.get(point.id)?.observe(traffic, target) ?? []);
    } catch (error) {
      // An observer that throws is a harness bug: with `onError`, the point is left not observed and the error
      // handed over (the report's harnessErrors); without it, the error is thrown.
      if (!onError) throw error;
      onError(point.id, error);
      return assemble(point.id, []);
    }
  });
}
