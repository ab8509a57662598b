import type { Verdict } from '../types';
import type { ApiClient } from './client';
import type { Target } from './config';
import type { CreatedContactsLog } from './created-contacts';
import { TransportError } from './transport-error';

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

/** What an observation left: its value (or error) and the side verdicts its requests earned. */
export interface Observed<T> {
  settled: Promise<{ value: T } | { error: unknown }>;
  verdicts: Verdict[];
  transportError?: TransportError;
}

const observed = new Map<Observation<unknown>, Observed<unknown>>();

/**
 * The worker's record of an observation: computed on first use with a client whose side verdicts
 * (schema.*, envelope.*) are kept, so every check that uses it can record them as its own.
 */
export function observeOnce<T>(obs: Observation<T>, start: (verdicts: Verdict[], onTransport: (error: TransportError) => void) => Promise<T>): Observed<T> {
  let entry = observed.get(obs) as Observed<T> | undefined;
  if (!entry) {
    const verdicts: Verdict[] = [];
    const created: Observed<T> = { verdicts, settled: Promise.resolve({ error: undefined }) };
    created.settled = start(verdicts, (error) => (created.transportError = error)).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    entry = created;
    observed.set(obs, entry as Observed<unknown>);
  }
  return entry;
}
