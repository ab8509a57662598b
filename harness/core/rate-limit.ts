/** A token bucket: take() resolves when the request may go out. */
export interface RateLimiter {
  take(): Promise<void>;
}

/**
 * Refills `ratePerSecond` tokens a second, holds at most one, and lets callers go into debt so
 * concurrent requests queue in arrival order. Infinity means no cap.
 */
export function createRateLimiter(ratePerSecond: number, clock: () => number = Date.now): RateLimiter {
  if (ratePerSecond === Infinity) return { take: async () => {} };
  let tokens = 1;
  let last = clock();
  return {
    take() {
      const now = clock();
      tokens = Math.min(1, tokens + ((now - last) * ratePerSecond) / 1000) - 1;
      last = now;
      const waitMs = tokens >= 0 ? 0 : (-tokens * 1000) / ratePerSecond;
      return new Promise((resolve) => setTimeout(resolve, waitMs));
    },
  };
}

const shared = new Map<number, RateLimiter>();

/** One bucket per rate for the whole process, so every client of a worker shares the cap. */
export function sharedRateLimiter(ratePerSecond: number): RateLimiter {
  let limiter = shared.get(ratePerSecond);
  if (!limiter) {
    limiter = createRateLimiter(ratePerSecond);
    shared.set(ratePerSecond, limiter);
  }
  return limiter;
}
