import { saw, type Sighting } from './sighting';

/**
 * The one reading every answer seen fits, as a sighting, when the answers ruled out every other (else none: the
 * answers did not decide the point). Where one answer cannot show a reading alone (an order seen in one direction
 * fits two readings), the point stays not observed: an observation that named every reading still open would
 * change with what the run happened to see, and two runs of the same target would drift.
 */
export function fitting(readings: readonly string[], fits: (reading: string) => boolean, evidence: string): Sighting[] {
  const open = readings.filter(fits);
  return open.length === 1 ? [saw(open[0]!, evidence)] : [];
}

/** What one scope (an operation) left open of a point's readings, and the line that says so. */
export interface OpenReadings {
  open: string[];
  evidence: string;
}

/**
 * The readings several scopes (the two searches) decided together: the one reading every scope leaves open when
 * they share exactly one (a search that fits two readings does not add the one another search ruled out); none
 * when they share several (undecided); else, where they share none (the target reads the point differently in
 * each), each scope's own reading where that scope alone decided it.
 */
export function together(scopes: readonly OpenReadings[]): Sighting[] {
  const shared = scopes.reduce<string[] | undefined>((acc, scope) => (acc === undefined ? [...scope.open] : acc.filter((r) => scope.open.includes(r))), undefined) ?? [];
  if (shared.length > 0) return shared.length === 1 ? scopes.map((scope) => saw(shared[0]!, scope.evidence)) : [];
  return scopes.filter((scope) => scope.open.length === 1).map((scope) => saw(scope.open[0]!, scope.evidence));
}
