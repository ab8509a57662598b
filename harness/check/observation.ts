import type { ApiClient } from '../exchanges';
import { type Target, type CreatedContactsLog, TransportError } from '../core';

/** What computing an observation may use: the target, a client, the contacts log. */
export interface ObservationContext {
  target: Target;
  api: ApiClient;
  createdContacts: CreatedContactsLog;
}

/**
 * A named observation several checks judge (one export flow, one import): computed once per
 * worker, so the checks of the rules it decides share it instead of repeating its requests.
 */
export interface Observation<T> {
  readonly name: string;
  compute(ctx: ObservationContext): Promise<T>;
}

export const observation = <T>(name: string, compute: (ctx: ObservationContext) => Promise<T>): Observation<T> => ({ name, compute });

/** What an observation left: its value (or error), and the transport failure that stopped it. */
export interface Observed<T> {
  settled: Promise<{ value: T } | { error: unknown }>;
  transportError?: TransportError;
}

/** The observations of one run in a worker (the runner keeps one per run: harness/runner/fixtures.ts). */
export type ObservationStore = Map<Observation<unknown>, Observed<unknown>>;

/** The run's record of an observation: computed on first use, shared by every check of the run that uses it. */
export function observeOnce<T>(observed: ObservationStore, obs: Observation<T>, start: (onTransport: (error: TransportError) => void) => Promise<T>): Observed<T> {
  let entry = observed.get(obs) as Observed<T> | undefined;
  if (!entry) {
    const created: Observed<T> = { settled: Promise.resolve({ error: undefined }) };
    created.settled = start((error) => (created.transportError = error)).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    entry = created;
    observed.set(obs, entry as Observed<unknown>);
  }
  return entry;
}
