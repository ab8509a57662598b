/**
 * What `npm run bench` loads into every process of a timed run (NODE_OPTIONS --import, bundled to one file by
 * esbuild first): it records, per process, each HTTP request the process sent (method, URL, headers, body, when it
 * left and when it was done), so the bench can replay the same list against a fresh mock, and each timer of the
 * harness that fired (export polls and retries, the file-lifetime waits, rate-limit waits, request timeouts), so
 * the bench can tell waiting from sending. On exit it writes them to EMS_BENCH_PROBE_DIR/<pid>.json. It changes
 * nothing a run does; what it costs is a stack capture per timer of 20 ms or more and a few array pushes.
 * The file holds the run's tokens (the requests' headers): the bench deletes its folder.
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** One request as sent: its times are ms since the epoch (fractions kept). */
export interface ProbedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  start: number;
  end: number;
}

/** The kinds of waiting the probe tells apart, by where the timer was set. */
export const WAIT_KINDS = ['export polls', 'file lifetime', 'rate limits', 'request timeouts'] as const;
export type WaitKind = (typeof WAIT_KINDS)[number];

export interface ProbedWait {
  kind: WaitKind;
  start: number;
  end: number;
}

/** What one process of the run wrote. */
export interface ProbeFile {
  pid: number;
  /** When the process started and exited (ms since the epoch). */
  startedAt: number;
  exitedAt: number;
  requests: ProbedRequest[];
  waits: ProbedWait[];
}

export const PROBE_DIR_VARIABLE = 'EMS_BENCH_PROBE_DIR';

/**
 * The harness's timers, by the function that sets them (a frame of the caller's stack): named functions, so that
 * they are told apart in the sources and in the bundle a run loads (bin/run-bundled.mjs), where every file is one
 * of a few chunks. esbuild may add a number to a name two modules of a chunk share.
 */
const KIND_OF_FUNCTION: readonly [RegExp, WaitKind][] = [
  [/\n\s+at waitBetweenPolls\d* /, 'export polls'],
  [/\n\s+at sleepUntil\d* /, 'file lifetime'],
  [/\n\s+at waitForRateLimit\d* /, 'rate limits'],
  [/\n\s+at startRequestTimeout\d* /, 'request timeouts'],
];
const SHORTEST_TIMER_MS = 20;

/** The kind of waiting a timer is, by the stack of the code that set it; undefined: no timer of the harness's. */
export const waitKindOf = (stack: string): WaitKind | undefined => KIND_OF_FUNCTION.find(([frame]) => frame.test(stack))?.[1];

const now = (): number => performance.timeOrigin + performance.now();

function headersOf(request: http.ClientRequest): Record<string, string> {
  return Object.fromEntries(Object.entries(request.getHeaders()).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]));
}

function install(dir: string): void {
  const requests: ProbedRequest[] = [];
  const waits: ProbedWait[] = [];

  const sendRequest = http.request;
  const probedRequest = function (this: unknown, ...args: unknown[]): http.ClientRequest {
    const request = (sendRequest as (...given: unknown[]) => http.ClientRequest).apply(this, args);
    const target = args[0];
    if (typeof target !== 'string' && !(target instanceof URL)) return request;
    const start = now();
    const chunks: Buffer[] = [];
    const end = request.end.bind(request) as (...given: unknown[]) => http.ClientRequest;
    request.end = ((...given: unknown[]) => {
      const [chunk] = given;
      if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) chunks.push(Buffer.from(chunk));
      return end(...given);
    }) as http.ClientRequest['end'];
    request.once('close', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: request.method, url: String(target), headers: headersOf(request), ...(body ? { body } : {}), start, end: now() });
    });
    return request;
  };
  http.request = probedRequest as typeof http.request;

  const setTimer = globalThis.setTimeout;
  const probedTimer = function (callback: (...given: unknown[]) => void, delay?: number, ...rest: unknown[]) {
    if (typeof callback !== 'function' || !((delay ?? 0) >= SHORTEST_TIMER_MS)) return setTimer(callback, delay, ...rest);
    const kind = waitKindOf(new Error().stack ?? '');
    if (!kind) return setTimer(callback, delay, ...rest);
    const start = now();
    return setTimer(
      (...given: unknown[]) => {
        waits.push({ kind, start, end: now() });
        callback(...given);
      },
      delay,
      ...rest,
    );
  };
  Object.defineProperty(probedTimer, promisify.custom, { value: (setTimer as unknown as Record<symbol, unknown>)[promisify.custom] });
  globalThis.setTimeout = probedTimer as unknown as typeof globalThis.setTimeout;

  process.once('exit', () => {
    if (requests.length === 0 && waits.length === 0) return;
    const file: ProbeFile = { pid: process.pid, startedAt: performance.timeOrigin, exitedAt: now(), requests, waits };
    writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify(file));
  });
}

const dir = process.env[PROBE_DIR_VARIABLE];
if (dir) install(dir);
