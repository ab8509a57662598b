/**
 * The mock's request-rate limit: a token bucket refilled `perSecond` tokens a second, holding at most
 * `perSecond` (a burst of one second's worth). A request that finds no token is refused with the whole
 * seconds until one is back (Retry-After). 0 refuses every request (retry in 1 s); Infinity lets all through.
 */
export class RequestRateLimit {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.tokens = perSecond;
    this.last = clock();
  }

  /** undefined: the request may go on; a number: refused, retry after that many seconds (at least 1). */
  take(): number | undefined {
    if (this.perSecond === Infinity) return undefined;
    if (this.perSecond <= 0) return 1;
    const now = this.clock();
    this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.last) * this.perSecond) / 1000);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - this.tokens) / this.perSecond));
  }
}
