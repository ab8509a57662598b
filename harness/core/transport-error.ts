import type { Evidence, TransportFailureReason } from '../types';
import type { ApiResponse } from './api-response';
import { responseEvidence } from './evidence';

/**
 * A request got no usable answer (timeout, reset, unreachable, not JSON, body too large, 5xx,
 * unknown status). Thrown by the client; the judge fixture turns it into failing verdicts for the
 * test's rules. Message: "transport: timeout after 10000 ms on GET /groups/search".
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
