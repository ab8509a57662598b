import { closeSync, openSync } from 'node:fs';
import { forEachJsonLine, writeAll } from './json-lines';
import type { HttpMethod, OperationKey, TrafficSource, TransportFailureReason, Verdict } from '../types';
import { loadRules } from '../contract';
import { type Target, harnessErrorVerdict, oneLine, type Params, createRedactor, WireFailure } from '../core';
import { readExchange } from './read-exchange';
import type { RecordedExchange, RecordedToken, RecordedTraffic } from './recorded-exchange';

/**
 * One recorded exchange, normalized and redacted (tokens already replaced by their stand-ins): what
 * harness/exchanges makes of a HAR entry, and what the workers of a traffic run read back. Plain JSON.
 */
export interface RecordedWire {
  index: number;
  op: OperationKey;
  startedAt: number;
  durationMs: number;
  request: { method: HttpMethod; url: string; headers: Record<string, string>; body?: string };
  /** The parameters as decoded from the query or body (the token left out). */
  params: Params;
  token: RecordedToken;
  /** The answer: status, content type and body (base64 when binary), or the failure that stood for one. */
  answer: { status: number; contentType: string; body: string; encoding?: 'base64'; date?: string } | { failure: { reason: TransportFailureReason; detail: string } };
}

/**
 * What a traffic run's workers are handed (EMS_TRAFFIC_FILE): the exchanges and where they came from. On disk,
 * JSON lines: one exchange a line, then one line `{"sources": [...]}` (written and read a line at a time).
 */
export interface TrafficFile {
  sources: TrafficSource[];
  exchanges: RecordedWire[];
}

/** Recorded traffic, read: the exchanges, and the harness errors of the exchanges the harness could not read. */
export interface ReadTraffic {
  traffic: RecordedTraffic;
  /** `error` of every rule of an unreadable exchange's operation (judgeTraffic records each with its rule). */
  readErrors: readonly Verdict[];
  sources: readonly TrafficSource[];
}

/** A normalized recorded exchange read the one way the harness reads answers (readExchange). */
export function readRecordedWire(wire: RecordedWire, target: Pick<Target, 'profile' | 'tokens'>): RecordedExchange {
  const answer =
    'failure' in wire.answer
      ? new WireFailure(wire.answer.failure.reason, wire.answer.failure.detail)
      : {
          status: wire.answer.status,
          contentType: wire.answer.contentType,
          body: Buffer.from(wire.answer.body, wire.answer.encoding === 'base64' ? 'base64' : 'utf8'),
          ...(wire.answer.date === undefined ? {} : { date: wire.answer.date }),
        };
  const { op, request, params, durationMs, index, startedAt, token } = wire;
  const response = readExchange({ op, request, params, answer, durationMs }, target.profile, createRedactor(target.tokens));
  return { ...response, index, startedAt, token };
}

/**
 * Reads normalized exchanges one at a time. An exchange the harness cannot read (an exception of its own)
 * is left out, and every rule of its operation gets `error`.
 */
class TrafficReader {
  private readonly exchanges: RecordedExchange[] = [];
  private readonly readErrors: Verdict[] = [];

  constructor(private readonly target: Pick<Target, 'profile' | 'tokens'>) {}

  add(wire: RecordedWire): void {
    try {
      this.exchanges.push(readRecordedWire(wire, this.target));
    } catch (error) {
      // A harness error reading one exchange: the rules that judge its operation get `error`; the others go on.
      const where = new Error(`reading recorded exchange #${wire.index} (${wire.op}): ${oneLine(error)}`);
      if (error instanceof Error && error.stack) where.stack = `${where.message}\n${error.stack.split('\n').slice(1).join('\n')}`;
      for (const rule of loadRules().rules) if (rule.operations.includes(wire.op)) this.readErrors.push(harnessErrorVerdict(rule.id, where));
    }
  }

  read(sources: readonly TrafficSource[]): ReadTraffic {
    return { traffic: recordedTraffic(this.exchanges), readErrors: this.readErrors, sources };
  }
}

/** The exchanges of a traffic file held in memory, read (see TrafficReader). */
export function readTrafficFile(file: TrafficFile, target: Pick<Target, 'profile' | 'tokens'>): ReadTraffic {
  const reader = new TrafficReader(target);
  for (const wire of file.exchanges) reader.add(wire);
  return reader.read(file.sources);
}

/** Writes a traffic file a line at a time: `add` each exchange, then `finish` with the sources. */
export class TrafficFileWriter {
  private fd: number | undefined;

  constructor(readonly path: string) {
    this.fd = openSync(path, 'w');
  }

  add(wire: RecordedWire): void {
    this.addLine(JSON.stringify(wire));
  }

  /** An exchange already written as JSON (one line). */
  addLine(json: string): void {
    writeAll(this.fd!, `${json}\n`);
  }

  finish(sources: readonly TrafficSource[]): void {
    writeAll(this.fd!, `${JSON.stringify({ sources })}\n`);
    this.close();
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** Exchanges as RecordedTraffic, in recorded order (by index). */
export function recordedTraffic(exchanges: readonly RecordedExchange[]): RecordedTraffic {
  const ordered = Object.freeze([...exchanges].sort((a, b) => a.index - b.index));
  const byOp = new Map<OperationKey, RecordedExchange[]>();
  for (const exchange of ordered) {
    const list = byOp.get(exchange.op) ?? [];
    list.push(exchange);
    byOp.set(exchange.op, list);
  }
  return { exchanges: ordered, of: (op) => byOp.get(op) ?? [] };
}

/** Reads the traffic file a traffic run's workers are handed (EMS_TRAFFIC_FILE), a line at a time. */
export function loadTrafficFile(path: string, target: Pick<Target, 'profile' | 'tokens'>): ReadTraffic {
  const reader = new TrafficReader(target);
  let sources: TrafficSource[] = [];
  forEachJsonLine(
    path,
    (value) => {
      if (value && typeof value === 'object' && 'sources' in value) sources = (value as { sources: TrafficSource[] }).sources;
      else reader.add(value as RecordedWire);
    },
    (line, error) => {
      throw new Error(`the traffic file ${path} has a line that is not JSON (line ${line + 1}: ${oneLine(error)})`);
    },
  );
  return reader.read(sources);
}

/** What a traffic run's reports say about its recordings. */
export function trafficSummary(read: ReadTraffic): { sources: TrafficSource[]; exchanges: number } {
  return { sources: [...read.sources], exchanges: read.traffic.exchanges.length };
}
