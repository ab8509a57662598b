import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { recordedTraffic } from './traffic-file';
import type { RecordedExchange, RecordedTraffic } from './recorded-exchange';

/**
 * The run's exchanges, all workers together. Live, each worker's exchange log covers only what that worker sent;
 * the verdicts are computed once the run's last exchange is in, over every exchange of the run. Each worker
 * writes its log here when it stops (EMS_RUN_EXCHANGES_DIR, one file per run it served), and the reporter reads
 * them all back as one recorded traffic, ordered by when each request started.
 *
 * What is written is the exchange as read (tokens already stand-ins, evidence redacted): no token value
 * reaches the file.
 */
export const RUN_EXCHANGES_VARIABLE = 'EMS_RUN_EXCHANGES_DIR';

/** A short stable name for a run a worker serves (its targetEnv as JSON): the fault matrix's runs share a worker. */
export const runKeyHash = (runKey: string): string => createHash('sha1').update(runKey).digest('hex').slice(0, 12);

const BUFFER_TAG = '__ems_buffer_base64';

/** JSON with Buffers (an export file) as base64, revived by `revive`. */
function replace(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key];
  return Buffer.isBuffer(raw) ? { [BUFFER_TAG]: raw.toString('base64') } : value;
}

function revive(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && BUFFER_TAG in value) return Buffer.from(String((value as Record<string, unknown>)[BUFFER_TAG]), 'base64');
  return value;
}

const REF_TAG = '__ems_ref';
/** The parts of an answer read out of its body (through the profile's pointers): written as a path into the body, not again. */
const READ_OUT = ['payload', 'records', 'importResult'] as const;

/** The path from `root` to the first node (an object or array of the body) that `found` accepts, a few levels down. */
function pathWhere(root: unknown, found: (node: unknown) => boolean, depth = 4): (string | number)[] | undefined {
  if (found(root)) return [];
  if (depth === 0 || root === null || typeof root !== 'object') return undefined;
  for (const [key, child] of Object.entries(root)) {
    if (child === null || typeof child !== 'object') continue;
    const rest = pathWhere(child, found, depth - 1);
    if (rest) return [Array.isArray(root) ? Number(key) : key, ...rest];
  }
  return undefined;
}

/** The node itself. */
const pathTo = (root: unknown, node: unknown) => pathWhere(root, (candidate) => candidate === node);

/** An array of the body holding the same elements as `list` (a copy of it: `records`). */
const copiedArrayPath = (root: unknown, list: readonly unknown[]) =>
  pathWhere(root, (candidate) => Array.isArray(candidate) && candidate.length === list.length && candidate.every((item, index) => item === list[index]));

/** The exchange as written: the parts read out of the body become paths into it (the body is written once). */
function compact(exchange: RecordedExchange): Record<string, unknown> {
  const out: Record<string, unknown> = { ...exchange };
  for (const field of READ_OUT) {
    const value = exchange[field];
    if (value === null || typeof value !== 'object' || exchange.body === undefined) continue;
    const path = pathTo(exchange.body, value) ?? (Array.isArray(value) ? copiedArrayPath(exchange.body, value) : undefined);
    if (path) out[field] = { [REF_TAG]: path, ...(Array.isArray(value) && pathTo(exchange.body, value) === undefined ? { copy: true } : {}) };
  }
  return out;
}

/** The exchange as read back: the paths into the body resolved (a copied list copied again). */
function expand(written: Record<string, unknown>): RecordedExchange {
  for (const field of READ_OUT) {
    const value = written[field] as { [REF_TAG]?: (string | number)[]; copy?: boolean } | undefined;
    if (!value || typeof value !== 'object' || !(REF_TAG in value)) continue;
    let node: unknown = written.body;
    for (const key of value[REF_TAG] ?? []) node = (node as Record<string | number, unknown>)[key];
    written[field] = value.copy && Array.isArray(node) ? [...node] : node;
  }
  return written as unknown as RecordedExchange;
}

/**
 * Appends exchanges of one worker's run to its file, one JSON line each (`name` tells the files apart: worker
 * index, process, run). Appended after every test, so a worker that dies leaves what it had.
 */
export function writeRunExchanges(dir: string, name: string, exchanges: readonly RecordedExchange[]): void {
  if (exchanges.length === 0) return;
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, `${name.replace(/[^\w.-]+/g, '_')}.jsonl`), exchanges.map((exchange) => `${JSON.stringify(compact(exchange), replace)}\n`).join(''));
}

/**
 * Every worker's exchanges as one traffic, ordered by start (then by worker file and place in it), renumbered.
 * A token's stand-in is numbered per worker: where the harness knew the token's role (always, live) the
 * stand-in becomes the role's, so that two workers' requests with the same token share it; a token without a
 * role (one the harness made up) keeps a stand-in of its own per worker.
 */
export function readRunExchanges(dir: string, runKey?: string): RecordedTraffic {
  const suffix = runKey === undefined ? '.jsonl' : `-${runKeyHash(runKey)}.jsonl`;
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith(suffix)).sort();
  } catch {
    return recordedTraffic([]);
  }
  const all: Array<{ exchange: RecordedExchange; file: number }> = [];
  const standIns = new Map<string, string>();
  const standIn = (key: string) => {
    let id = standIns.get(key);
    if (!id) standIns.set(key, (id = `token#${standIns.size + 1}`));
    return id;
  };
  files.forEach((file, fileIndex) => {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n').filter((line) => line !== '');
    // A worker stopped in the middle of an append leaves its last line cut short: what it wrote before stands.
    const exchanges = lines.flatMap((line) => {
      try {
        // Only a line holding a file's bytes needs the reviver (called for every value of the line, it costs the most).
        return [expand((line.includes(BUFFER_TAG) ? JSON.parse(line, revive) : JSON.parse(line)) as Record<string, unknown>)];
      } catch {
        return [];
      }
    });
    for (const exchange of exchanges) {
      const { token } = exchange;
      const id = token.id === undefined ? undefined : standIn(token.role && token.role !== 'unissued' ? `role:${token.role}` : `${fileIndex}:${token.id}`);
      all.push({ exchange: { ...exchange, lane: fileIndex, token: { ...token, ...(id ? { id } : {}) } }, file: fileIndex });
    }
  });
  all.sort((a, b) => a.exchange.startedAt - b.exchange.startedAt || a.file - b.file || a.exchange.index - b.exchange.index);
  return recordedTraffic(all.map(({ exchange }, index) => ({ ...exchange, index })));
}
