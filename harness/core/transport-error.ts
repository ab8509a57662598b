import type { Evidence, TransportFailureReason } from '../types';
import type { ApiResponse } from './api-response';
import { responseEvidence } from './evidence';

/**
 * A request got no usable answer: an outage (timeout, reset, unreachable, a gateway's 502/503/504 without the
 * target's envelope: harness/core/outage.ts), which leaves the test's unjudged rules inconclusive; or an answer the
 * target gave that cannot be read (not JSON, body too large, another 5xx, an unknown status), which fails them
 * (harness/runner/settle.ts). Thrown by the client. Message: "transport: timeout after 10000 ms on GET /groups/search".
 */
export class TransportError extends Error {
  override name = 'TransportError';
  readonly reason: TransportFailureReason;
  readonly evidence: Evidence;

  constructor(readonly response: ApiResponse & { transport: NonNullable<ApiResponse['transport']> }, path: string) {
    super(`transport: ${response.transport.reason} ${response.transport.detail} on ${response.method} ${path}`);
    this.reason = response.transport.reason;
    this.evidence = responseEvidence(response, this.message);
  }
}
