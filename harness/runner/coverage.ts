import type { OperationKey } from '../types';
import type { Params } from '../core';

/** What a test sent: requests, and how often each parameter of each operation was sent. */
export interface CoverageRecord {
  requests: number;
  /** Answers that were the target's rate limit (waited out and retried, never judged); absent when none. */
  rateLimited?: number;
  params: Record<string, Record<string, number>>;
}

export class Coverage {
  private readonly record: CoverageRecord = { requests: 0, params: {} };

  count(op: OperationKey, params: Params): void {
    this.record.requests += 1;
    const counts = (this.record.params[op] ??= {});
    for (const [name, value] of Object.entries(params)) if (value !== undefined) counts[name] = (counts[name] ?? 0) + 1;
  }

  /** The target's rate limit refused a request (it is retried; the retry is not counted as another request). */
  rateLimited(): void {
    this.record.rateLimited = (this.record.rateLimited ?? 0) + 1;
  }

  toJSON(): CoverageRecord {
    return this.record;
  }
}

/** Adds coverage records up (the reporter, over every test of a run). */
export function mergeCoverage(records: readonly CoverageRecord[]): CoverageRecord {
  const total: CoverageRecord = { requests: 0, params: {} };
  for (const record of records) {
    total.requests += record.requests;
    if (record.rateLimited) total.rateLimited = (total.rateLimited ?? 0) + record.rateLimited;
    for (const [op, counts] of Object.entries(record.params)) {
      const into = (total.params[op] ??= {});
      for (const [name, count] of Object.entries(counts)) into[name] = (into[name] ?? 0) + count;
    }
  }
  return total;
}
