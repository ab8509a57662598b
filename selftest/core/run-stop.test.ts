/**
 * `run` stops cleanly when signalled or when its parent process ends: Playwright (in a process group of its own) is
 * asked once to end, the rules judged so far are reported, nothing of the run is left running, and a stopped run
 * with no failing rule exits 3 (partial). The parent's end is how npx's `sh -c` dying of npm's SIGTERM reaches it.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoPath } from '../../harness/contract';
import type { ConformanceReport } from '../../harness/types';

/** A selection long enough to be stopped in the middle: the export and email rules, one worker. */
const ARGS = ['bin/run-bundled.mjs', 'run', '--grep', 'exports|emails\\.search', '--workers', '1'];

function clean(dir: string): Record<string, string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('EMS_') && !key.startsWith('npm_'))) as Record<string, string>;
  return { ...env, CI: '1', EMS_REPORT_DIR: join(dir, 'reports'), EMS_TEST_RESULTS_DIR: join(dir, 'test-results') };
}

/** The pids of every process of the run: those whose environment names its report folder (Playwright's workers too). */
function runProcesses(dir: string): number[] {
  const marker = `EMS_REPORT_DIR=${join(dir, 'reports')}\0`;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'latin1').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A test has ended: the console's reporter printed its mark (a dot in CI, a tick or a cross in a terminal). */
const judgedOne = (output: string) => /Running \d+ tests?[^\n]*\n[\s\S]*[·✓✘×]/.test(output);

async function untilTrue(what: string, condition: () => boolean, limitMs: number, output: () => string): Promise<void> {
  const end = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${limitMs} ms; output:\n${output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function started(child: ChildProcess): () => string {
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return () => out;
}

test('SIGTERM to the command: Playwright ends the run, what was judged is reported, exit 3', { timeout: 240_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ems-run-stop-'));
  const child = spawn(process.execPath, ARGS, { cwd: repoPath(), env: clean(dir), detached: true });
  const output = started(child);
  try {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await untilTrue('a first rule is judged', () => judgedOne(output()), 180_000, output);
    process.kill(child.pid!, 'SIGTERM');
    const code = await exited;
    assert.match(output(), /conformance: SIGTERM: stopping the run/);
    const report = JSON.parse(readFileSync(join(dir, 'reports', 'conformance.json'), 'utf8')) as ConformanceReport;
    assert.ok(report.counts.pass > 0, 'the rules judged before the stop are reported');
    assert.equal(code, report.counts.fail > 0 ? 1 : 3, output().slice(-2000));
    await untilTrue("nothing of the run is left running", () => runProcesses(dir).length === 0, 20_000, output);
  } finally {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

test('its parent killed: the command sees it, ends the run and reports', { timeout: 240_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ems-run-orphan-'));
  // A shell that waits on the command, as npx's `sh -c` does; SIGKILL ends the shell alone.
  const shell = spawn('sh', ['-c', `${process.execPath} ${ARGS.map((arg) => `'${arg}'`).join(' ')}; exit $?`], { cwd: repoPath(), env: clean(dir), detached: true });
  const output = started(shell);
  try {
    await untilTrue('a first rule is judged', () => judgedOne(output()), 180_000, output);
    process.kill(shell.pid!, 'SIGKILL');
    await untilTrue('the report is written', () => existsSync(join(dir, 'reports', 'conformance.json')), 120_000, output);
    assert.match(output(), /conformance: its parent process exited: stopping the run/);
    await untilTrue('nothing of the run is left running', () => runProcesses(dir).length === 0, 30_000, output);
  } finally {
    try {
      process.kill(-shell.pid!, 'SIGKILL');
    } catch {
      // gone
    }
    rmSync(dir, { recursive: true, force: true });
  }
});
