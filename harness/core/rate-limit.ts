/** A token bucket: take() resolves when the request may go out. */
export interface RateLimiter {
  take(): Promise<void>;
  /**
   * The target's rate limit refused a request: every request of this limiter waits `holdMs` (what the
   * target asked for), and the pace for the rest of the run halves (from the cap, or from the rate of the
   * last second when there is no cap).
   */
  limited(holdMs: number): void;
}

/** The slowest pace a run is slowed down to, in requests a second. */
export const SLOWEST_RATE = 0.5;

/**
 * Refills `ratePerSecond` tokens a second, holds at most one, and lets callers go into debt so
 * concurrent requests queue in arrival order. Infinity means no cap until the target limits a request.
 */
export function createRateLimiter(ratePerSecond: number, clock: () => number = Date.now): RateLimiter {
  let rate = ratePerSecond;
  let tokens = 1;
  let last = clock();
  let heldUntil = 0;
  /** When requests went out in the last second (kept only while uncapped, to slow down from that rate). */
  const recent: number[] = [];
  return {
    take() {
      const now = clock();
      let waitMs = Math.max(0, heldUntil - now);
      if (rate === Infinity) {
        recent.push(now + waitMs);
        while (recent.length > 0 && recent[0]! < now - 1000) recent.shift();
      } else {
        tokens = Math.min(1, tokens + ((now - last) * rate) / 1000) - 1;
        last = now;
        waitMs = Math.max(waitMs, tokens >= 0 ? 0 : (-tokens * 1000) / rate);
      }
      return waitMs === 0 ? Promise.resolve() : waitForRateLimit(waitMs);
    },
    limited(holdMs) {
      const now = clock();
      heldUntil = Math.max(heldUntil, now + holdMs);
      const from = rate === Infinity ? Math.max(1, recent.filter((at) => at >= now - 1000).length) : rate;
      rate = Math.max(SLOWEST_RATE, from / 2);
      // The bucket starts empty at the end of the hold: the first request after it goes at once, the next at the new pace.
      tokens = 1;
      last = heldUntil;
      recent.length = 0;
    },
  };
}

const shared = new Map<number, RateLimiter>();

/** One bucket per rate for the whole process, so every client of a worker shares the cap (and slows down together). */
export function sharedRateLimiter(ratePerSecond: number): RateLimiter {
  let limiter = shared.get(ratePerSecond);
  if (!limiter) {
    limiter = createRateLimiter(ratePerSecond);
    shared.set(ratePerSecond, limiter);
  }
  return limiter;
}

/** The wait a rate limit imposes (named: `npm run bench` tells the harness's waits by the function that sets the timer). */
const waitForRateLimit = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
