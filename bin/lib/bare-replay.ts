/**
 * The floor of a run's traffic: the same requests sent by a bare keep-alive node:http client, `concurrency`
 * at a time in the order they were recorded, each answer read whole (and parsed when JSON), nothing judged.
 * Run as a child of the bench (its own process, as the run's workers are): argv[2] is a JSON file
 * { origin, concurrency, requests }; it prints one JSON line { wallMs, requests, statuses }.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A request to replay: its path and query under the origin. */
export interface ReplayRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ReplayPlan {
  origin: string;
  concurrency: number;
  requests: ReplayRequest[];
}

export interface ReplayResult {
  wallMs: number;
  requests: number;
  /** Answers by HTTP status ("0": no answer). */
  statuses: Record<string, number>;
}

/** Headers the client sets itself. */
const OWN_HEADERS = new Set(['host', 'content-length', 'connection']);

export async function replay(plan: ReplayPlan): Promise<ReplayResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.concurrency });
  const statuses: Record<string, number> = {};
  let next = 0;
  const lane = async () => {
    while (next < plan.requests.length) {
      const request = plan.requests[next++]!;
      const status = await send(agent, plan.origin, request);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: plan.concurrency }, lane));
  const wallMs = performance.now() - started;
  agent.destroy();
  return { wallMs, requests: plan.requests.length, statuses };
}

function send(agent: http.Agent, origin: string, request: ReplayRequest): Promise<number> {
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())));
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolve) => {
    const sent = http.request(`${origin}${request.path}`, { method: request.method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (/json/.test(response.headers['content-type'] ?? '')) {
          try {
            JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // the floor reads what came; a body that is not JSON is no concern of it
          }
        }
        resolve(response.statusCode ?? 0);
      });
      response.on('error', () => resolve(0));
    });
    sent.on('error', () => resolve(0));
    sent.end(body);
  });
}

// Run as a script (bin/bench.ts spawns it); not when imported, nor when bundled into another file (the self-tests' bundle).
const self = fileURLToPath(import.meta.url);
if (basename(self).startsWith('bare-replay.') && process.argv[1] === self) {
  const plan = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as ReplayPlan;
  console.log(JSON.stringify(await replay(plan)));
}
