import { Agent, request } from 'node:http';

/** One request of a load run: method, URL, headers and an optional body. */
export interface BenchRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  /** Requests in flight at once. */
  concurrency: number;
  /** Stop after this many requests... */
  maxRequests: number;
  /** ...or after this long, whichever comes first. */
  maxMs: number;
  /** Requests sent (and not measured) before the measured run, to let the JIT optimise... */
  warmup: number;
  /** ...for at most this long. */
  warmupMs: number;
  /** Called between the warm-up and the measured run (e.g. to read the server's CPU time). */
  onStart?: () => void;
}

export interface LoadResult {
  requests: number;
  failures: number;
  elapsedMs: number;
  /** Latencies in ms, sorted ascending. */
  latencies: number[];
}

/** The bounded load of a benchmark: keep-alive connections on loopback, each answer read to its end. */
export async function runLoad(next: (index: number) => BenchRequest, options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  try {
    await drive(next, agent, { ...options, maxRequests: options.warmup, maxMs: options.warmupMs });
    options.onStart?.();
    return await drive(next, agent, options);
  } finally {
    agent.destroy();
  }
}

async function drive(next: (index: number) => BenchRequest, agent: Agent, options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + options.maxMs;
  const worker = async () => {
    while (issued < options.maxRequests && performance.now() < deadline) {
      const benchRequest = next(issued++);
      const sent = performance.now();
      const status = await send(benchRequest, agent);
      latencies.push(performance.now() - sent);
      if (status !== 200) failures++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  return { requests: latencies.length, failures, elapsedMs: performance.now() - started, latencies: latencies.sort((a, b) => a - b) };
}

/** Sends one request; resolves with the HTTP status once the whole answer is read (0 on a transport error). */
function send(benchRequest: BenchRequest, agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    const outgoing = request(benchRequest.url, { method: benchRequest.method, headers: benchRequest.headers, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    outgoing.on('error', () => resolve(0));
    outgoing.end(benchRequest.body);
  });
}

/** The p-th percentile (0..100) of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
