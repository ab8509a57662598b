/**
 * `npm run mock` and `npm run proxy` stop cleanly on SIGTERM and SIGINT however the signal comes: to the
 * node process itself, to `npm run` (what `npm run proxy & ... kill $!` in a CI script signals), or to the
 * whole process group (Ctrl+C in a terminal, `kill -- -PGID`). The port is free afterwards; the mock exits
 * 0; the proxy writes its HAR, judges it and exits with the judgement's code. Every wait is bounded.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoPath } from '../../harness/contract';
import { partialRules } from '../../harness/report/summary';
import type { ConformanceReport } from '../../harness/types';
import { startMock } from '../../mock';
import { scratch } from './support';

type Path = 'direct' | 'npm' | 'group';

/** A free port on 127.0.0.1 (listened on and closed again). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether something listens on the port (a connection is accepted). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

const SCRIPT_FILE = { mock: 'mock/cli.ts', proxy: 'bin/proxy.ts' } as const;

/** Starts `npm run <script> -- args` (npm and group paths) or its node process directly, as the leader of a new process group. */
function start(path: Path, script: keyof typeof SCRIPT_FILE, args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('EMS_') && !key.startsWith('npm_')));
  const [command, commandArgs] = path === 'direct' ? [process.execPath, ['--import', 'tsx', SCRIPT_FILE[script], ...args]] : ['npm', ['run', '--silent', script, '--', ...args]];
  const child = spawn(command, commandArgs, { cwd: repoPath(), detached: true, env: { ...clean, ...env } });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, limitMs: number, output: () => string): Promise<void> {
  const until = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`${what}: not within ${limitMs} ms; output:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends the signal the way `path` says and waits (bounded) for the exit code; kills the group if it hangs. */
async function stop(child: ChildProcess, path: Path, signal: NodeJS.Signals, limitMs: number, output: () => string): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, how) => resolve(code ?? (how ? -1 : null))));
  process.kill(path === 'group' ? -child.pid! : child.pid!, signal);
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no exit within ${limitMs} ms after ${signal}; output:\n${output()}`)), limitMs)));
  try {
    return await Promise.race([exited, hung]);
  } finally {
    clearTimeout(timer);
  }
}

function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // gone
  }
}

/** The exit code bin/conformance.ts gives a report without a baseline. */
function judgementExit(report: ConformanceReport): number {
  const nothingJudged = report.counts.pass === 0 && report.counts.fail === 0 && report.counts.inconclusive > 0;
  if (report.counts.fail > 0 || nothingJudged) return 1;
  const partial = partialRules(report);
  return partial.unfinished.length + partial.transport.length > 0 ? 3 : 0;
}

const CASES: [Path, NodeJS.Signals][] = [
  ['direct', 'SIGTERM'],
  ['npm', 'SIGTERM'],
  ['group', 'SIGTERM'],
  ['direct', 'SIGINT'],
  ['npm', 'SIGINT'],
  ['group', 'SIGINT'],
];

describe('npm run mock stops on a signal and frees its port', () => {
  for (const [path, signal] of CASES) {
    test(`${signal} ${path === 'direct' ? 'to node' : path === 'npm' ? 'to npm run' : 'to the process group'}`, { timeout: 60_000 }, async () => {
      const port = await freePort();
      const { child, output } = start(path, 'mock', ['--port', String(port)], {});
      try {
        await waitFor('the mock listens', () => output().includes('EMS mock listening'), 30_000, output);
        assert.ok(await listening(port));
        const code = await stop(child, path, signal, 15_000, output);
        // A signal to the process group reaches npm too: npm may then end by that signal (what a shell shows as 130
        // after Ctrl+C) rather than with the mock's 0; the mock's own stop is what the free port proves.
        if (path === 'group') assert.ok(code === 0 || code === -1, `exit 0 or ended by ${signal}, got ${code}: ${output()}`);
        else assert.equal(code, 0, output());
        assert.equal(await listening(port), false, 'the port is free');
      } finally {
        killGroup(child);
      }
    });
  }
});

describe('npm run proxy stops on a signal: port free, HAR written and judged, exit code = judgement', () => {
  // One judgement per case costs a Playwright run: the three ways a signal arrives, SIGTERM and SIGINT among them.
  const proxyCases: [Path, NodeJS.Signals][] = [
    ['npm', 'SIGTERM'],
    ['group', 'SIGINT'],
    ['direct', 'SIGINT'],
  ];
  for (const [path, signal] of proxyCases) {
    test(`${signal} ${path === 'direct' ? 'to node' : path === 'npm' ? 'to npm run' : 'to the process group'}`, { timeout: 240_000 }, async () => {
      const mock = await startMock({ port: 0 });
      const dir = scratch();
      const harFile = join(dir, 'proxy.har');
      const reports = join(dir, 'reports');
      const port = await freePort();
      const env = { EMS_REPORT_DIR: reports, EMS_TEST_RESULTS_DIR: join(dir, 'test-results'), CI: '1' };
      const { child, output } = start(path, 'proxy', ['--target', mock.origin, '--port', String(port), '--har-out', harFile, '--workers', '1'], env);
      try {
        await waitFor('the proxy listens', () => /^proxy: http:\/\/\S+ ->/m.test(output()), 60_000, output);
        const headers = { Authorization: `Bearer ${mock.tokens.full}` };
        assert.equal((await fetch(`http://127.0.0.1:${port}/v1/helper/ping`, { headers })).status, 200);
        await (await fetch(`http://127.0.0.1:${port}/v1/groups/search?rpp=3`, { headers })).text();
        const code = await stop(child, path, signal, 200_000, output);
        assert.equal(await listening(port), false, 'the port is free');
        assert.ok(existsSync(harFile), `the HAR is written; output:\n${output()}`);
        assert.equal((JSON.parse(readFileSync(harFile, 'utf8')) as { log: { entries: unknown[] } }).log.entries.length, 2);
        const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as ConformanceReport;
        assert.equal(report.mode, 'traffic');
        assert.equal(code, judgementExit(report), output());
      } finally {
        killGroup(child);
        await mock.close();
      }
    });
  }
});
