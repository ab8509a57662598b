import type { RecordedTraffic, Target } from '../../check';
import { silentPoint } from '../../contract';

/** One thing the traffic showed about a silent point: the reading it shows and a short normalised line saying where. */
export interface Sighting {
  /** A reading ID of the point (spec/silent-points.yaml). */
  reading: string;
  /** What was seen, without IDs, times, request IDs, tokens or personal data: `groups/search page beyond the last -> refused`. */
  evidence: string;
}

/** What a run's whole traffic showed of one point: pure, facts only (it never judges). */
export type Observe = (traffic: RecordedTraffic, target: Target) => Sighting[];

/** The observer of one catalogued point. */
export interface SilentObserver {
  point: string;
  observe: Observe;
}

/** An observer of a point of spec/silent-points.yaml: an ID that is no point throws when the module loads. */
export function observer(id: string, observe: Observe): SilentObserver {
  silentPoint(id);
  return { point: id, observe };
}

/** A sighting. */
export const saw = (reading: string, evidence: string): Sighting => ({ reading, evidence });

/** Sightings gathered without repeats (an observer reading every record of a run sees the same thing thousands of times). */
export class Sightings {
  private readonly seen = new Map<string, Sighting>();

  add(reading: string, evidence: string): void {
    const key = `${reading}\n${evidence}`;
    if (!this.seen.has(key)) this.seen.set(key, { reading, evidence });
  }

  get size(): number {
    return this.seen.size;
  }

  list(): Sighting[] {
    return [...this.seen.values()];
  }
}
