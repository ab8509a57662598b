import type { HttpMethod, OperationKey, TransportFailureReason, ValidationReport } from '../types';
import type { Params } from './encode';
import type { FailedAttempt } from './resend';

export type Outcome = 'success' | 'error';

export interface Paging {
  page?: number;
  rpp?: number;
  totalPages?: number;
  totalRecords?: number;
  next?: string;
  prev?: string;
}

export interface ExportJobView {
  status?: string;
  fileKey?: string;
  fileExpiration?: string;
  totalRecords?: number;
}

/** What the body of a response says, read through the target profile. */
export interface BodyReading {
  outcome: Outcome;
  /** The parsed JSON body (undefined for a file). */
  body: unknown;
  payload: unknown;
  errors: string[];
  /** The error code, as the profile types it (outcome.codeType). */
  code?: number | string;
  records?: unknown[];
  paging?: Paging;
  job?: ExportJobView;
  jobID?: number;
  importResult?: unknown;
  /** The export file (getFile success). */
  file?: Buffer;
  /** The answer's HTTP Date header as sent: the target's clock when it answered, to the second (absent when none). */
  date?: string;
}

/** One request and what came back, tokens redacted. */
export interface ApiResponse extends Omit<BodyReading, 'outcome'> {
  op: OperationKey;
  method: HttpMethod;
  url: string;
  params: Params;
  /** The body sent (POST), as sent. */
  requestBody?: string;
  status?: number;
  outcome: Outcome | 'transport';
  transport?: { reason: TransportFailureReason; detail: string };
  /** Earlier attempts of this request that got no answer and were sent again (harness/core/resend.ts); absent when none. */
  resent?: FailedAttempt[];
  /**
   * A write (harness/contract/writes.ts) that got no answer after it may have reached the target: it may have
   * happened or not, and it was not sent again. The model allows both.
   */
  outcomeUnknown?: true;
  validation: ValidationReport;
  curl: string;
  durationMs: number;
}
