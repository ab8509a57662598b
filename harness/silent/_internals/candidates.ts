import { saw, type Sighting } from './sighting';

/**
 * The readings every answer seen fits, as sightings, when the answers ruled one out or more (else none:
 * nothing was shown). Used where one answer cannot show a reading alone (an order seen in one direction
 * fits two readings): the observation is then every reading still open.
 */
export function fitting(readings: readonly string[], fits: (reading: string) => boolean, evidence: string): Sighting[] {
  const open = readings.filter(fits);
  return open.length === readings.length ? [] : open.map((reading) => saw(reading, evidence));
}

/** What one scope (an operation) left open of a point's readings, and the line that says so. */
export interface OpenReadings {
  open: string[];
  evidence: string;
}

/**
 * The readings several scopes (the two searches) showed together: the readings every scope leaves open
 * when they share one (a search that fits two readings does not add the one another search ruled out),
 * else each scope's own (the target reads the point differently in each).
 */
export function together(scopes: readonly OpenReadings[]): Sighting[] {
  const shared = scopes.reduce<string[] | undefined>((acc, scope) => (acc === undefined ? [...scope.open] : acc.filter((r) => scope.open.includes(r))), undefined) ?? [];
  if (shared.length > 0) return scopes.flatMap((scope) => shared.map((reading) => saw(reading, scope.evidence)));
  return scopes.flatMap((scope) => scope.open.map((reading) => saw(reading, scope.evidence)));
}
