/**
 * harness/silent: what a target chose at each silent point of spec/silent-points.yaml, read from a run's
 * exchanges. One pure observer per point (or small group of points) that a run's exchanges can show;
 * `observeSilentPoints` gives one observation per catalogued point, in catalogue order, for
 * conformance.json `silentPoints`. Facts of the target only: no verdict, no ID, time, token or personal data.
 * The observers stand where judges stand: on harness/check, harness/oracles and the contract.
 */
export { observeSilentPoints, observerOf } from './observe';
export { OBSERVERS } from './observers';
export type { SilentObserver, Sighting } from './_internals/sighting';
