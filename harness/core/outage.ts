import type { OutageReason, TransportFailureReason } from '../types';

const OUTAGE: ReadonlySet<TransportFailureReason> = new Set<OutageReason>(['timeout', 'reset', 'unreachable', 'gateway']);

/**
 * Whether a transport failure is an outage: no answer of the target's came (the connection was refused, reset or
 * timed out, or a gateway answered 502/503/504 without the target's envelope). An outage decides no rule: the rules
 * whose judgement needed the exchange are inconclusive, the run is partial. What the target did answer (a body that
 * is not JSON, one too large, a 5xx in its own envelope, a status the profile does not know) is judged as any answer.
 */
export const isOutage = (reason: TransportFailureReason | undefined): reason is OutageReason => reason !== undefined && OUTAGE.has(reason);
