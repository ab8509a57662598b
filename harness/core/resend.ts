import type { TransportFailureReason } from '../types';
import { isOutage } from './outage';

/** An attempt of a request that got no answer of the target's and was sent again: why, and when it started (epoch ms). */
export interface FailedAttempt {
  reason: TransportFailureReason;
  detail: string;
  startedAt: number;
}

/** What the client knows of an attempt that got no answer. */
export interface AttemptFailure {
  reason: TransportFailureReason;
  /** False where the connection was never made (nothing of the request reached the target). */
  mayHaveReached: boolean;
  /** A reused keep-alive socket was reset before any answer. */
  staleSocket: boolean;
}

/**
 * The waits before each resend of a read after an outage (connection refused or reset, a gateway's answer): enough
 * for a target restarting in a few seconds to come back, few enough that a target that is gone costs little. A
 * timeout is not resent (it would cost the whole timeout again).
 */
export const READ_RESEND_WAITS_MS = [250, 1000, 3000] as const;

/**
 * Whether a request that got no answer is sent again, and after how long (ms); undefined: not again, the failure
 * stands. A write (harness/contract/writes.ts) is sent again only where nothing of it can have reached the target
 * (the connection was never made): once it may have, its outcome is unknown and it is never sent twice. A read is
 * sent again after an outage, at once after a stale keep-alive socket's reset, else after READ_RESEND_WAITS_MS;
 * never past `deadline`. The client counts each resend on the exchange (`resent`): nothing is resent silently.
 */
export function resendWait(failure: AttemptFailure, write: boolean, resent: number, now: number, deadline: number | undefined): number | undefined {
  if (!isOutage(failure.reason) || failure.reason === 'timeout') return undefined;
  if (write && failure.mayHaveReached) return undefined;
  if (resent >= READ_RESEND_WAITS_MS.length) return undefined;
  const wait = failure.staleSocket && resent === 0 ? 0 : READ_RESEND_WAITS_MS[resent]!;
  if (deadline !== undefined && now + wait >= deadline) return undefined;
  return wait;
}
