/**
 * The mock's request-rate limit: a token bucket refilled `perSecond` tokens a second, holding at most
 * `max(1, perSecond)` (a burst of one second's worth; one request under 1/s). A request that finds no
 * token is refused with the whole seconds until one is back (Retry-After): `1/h` serves one request, then
 * asks for an hour. 0 refuses every request (retry in 1 s); Infinity lets all through.
 */
export class RequestRateLimit {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.tokens = this.capacity;
    this.last = clock();
  }

  private get capacity(): number {
    return Math.max(1, this.perSecond);
  }

  /** undefined: the request may go on; a number: refused, retry after that many seconds (at least 1). */
  take(): number | undefined {
    if (this.perSecond === Infinity) return undefined;
    if (this.perSecond <= 0) return 1;
    const now = this.clock();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) * this.perSecond) / 1000);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - this.tokens) / this.perSecond));
  }
}

const SECONDS_OF_UNIT: Readonly<Record<string, number>> = { s: 1, m: 60, min: 60, h: 3600 };

/**
 * `5/s` (or `5`), `30/m`, `2/h`: requests a second, for `--rate-limit` and EMS_MOCK_RATE_LIMIT.
 */
export function parseRateLimit(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:\/\s*(s|m|min|h))?\s*$/.exec(text);
  if (!match) throw new RangeError(`rate-limit must be N/s, N/m or N/h (requests a second, minute or hour, e.g. 5/s), got "${text}"`);
  return Number(match[1]) / SECONDS_OF_UNIT[match[2] ?? 's']!;
}
