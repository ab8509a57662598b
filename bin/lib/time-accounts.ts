/**
 * Where a process's time went, from what the bench probe recorded (bin/lib/bench-probe.ts): every moment
 * of its life is counted once, as sending (some request in flight), as waiting of one kind (a harness
 * timer pending and nothing in flight; the first kind of WAIT_KINDS wins when two overlap), or as other
 * (start, harness work, Playwright, idle). Pure: no I/O.
 */
import { WAIT_KINDS, type ProbeFile, type WaitKind } from './bench-probe';

export interface TimeAccount {
  lifeMs: number;
  sendingMs: number;
  waitingMs: Record<WaitKind, number>;
  otherMs: number;
}

interface Edge {
  at: number;
  /** +1 opens, -1 closes. */
  step: 1 | -1;
  /** -1: a request; else the index of the wait's kind in WAIT_KINDS. */
  lane: number;
}

export function timeAccount(file: ProbeFile): TimeAccount {
  const clip = (at: number) => Math.min(Math.max(at, file.startedAt), file.exitedAt);
  const edges: Edge[] = [];
  const add = (start: number, end: number, lane: number) => {
    if (end <= start) return;
    edges.push({ at: clip(start), step: 1, lane }, { at: clip(end), step: -1, lane });
  };
  for (const request of file.requests) add(request.start, request.end, -1);
  for (const wait of file.waits) add(wait.start, wait.end, WAIT_KINDS.indexOf(wait.kind));
  edges.sort((a, b) => a.at - b.at || a.step - b.step);

  const open = new Map<number, number>();
  const waitingMs = Object.fromEntries(WAIT_KINDS.map((kind) => [kind, 0])) as Record<WaitKind, number>;
  let sendingMs = 0;
  let last = file.startedAt;
  for (const edge of edges) {
    const span = edge.at - last;
    if (span > 0) {
      if ((open.get(-1) ?? 0) > 0) sendingMs += span;
      else {
        const waiting = WAIT_KINDS.findIndex((_, index) => (open.get(index) ?? 0) > 0);
        if (waiting >= 0) waitingMs[WAIT_KINDS[waiting]!] += span;
      }
    }
    last = edge.at;
    open.set(edge.lane, (open.get(edge.lane) ?? 0) + edge.step);
  }
  const lifeMs = file.exitedAt - file.startedAt;
  const waitedMs = Object.values(waitingMs).reduce((sum, ms) => sum + ms, 0);
  return { lifeMs, sendingMs, waitingMs, otherMs: Math.max(0, lifeMs - sendingMs - waitedMs) };
}

/** The accounts of several processes, added up. */
export function sumAccounts(accounts: readonly TimeAccount[]): TimeAccount {
  const total: TimeAccount = { lifeMs: 0, sendingMs: 0, waitingMs: Object.fromEntries(WAIT_KINDS.map((kind) => [kind, 0])) as Record<WaitKind, number>, otherMs: 0 };
  for (const account of accounts) {
    total.lifeMs += account.lifeMs;
    total.sendingMs += account.sendingMs;
    total.otherMs += account.otherMs;
    for (const kind of WAIT_KINDS) total.waitingMs[kind] += account.waitingMs[kind];
  }
  return total;
}
