/**
 * Runs the main command (`npm run conformance`'s, bin/run-bundled.mjs) as a child against a target and watches it: wall
 * time, exit, output, the report, and the peak resident memory (VmHWM) of every process of its
 * tree, polled from /proc.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoPath } from '../../harness/contract';
import type { ConformanceReport } from '../../harness/types';
import { conformanceArgs, NODE } from '../core/support/run';

export interface HarnessRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  wallMs: number;
  /** The largest peak RSS of any process of the tree, in MiB (0 where /proc is unavailable). */
  peakRssMiB: number;
  report?: ConformanceReport;
}

export const SECRET_TOKEN = 'C0FFEE00-1111-4222-8333-44445555AAAA';

/** The selection every hostile run uses: the connectivity, group search and envelope checks. */
export const HOSTILE_GREP = '@rule:(helper\\.|schema\\.helper\\.|groups\\.|schema\\.groups\\.|envelope\\.)';

/**
 * Runs `npm run conformance -- args` (its command, without npm) with no inherited EMS_* variable and its own report folder;
 * kills it (and its tree) after killAfterMs.
 */
export function runHarness(args: string[], env: Record<string, string> = {}, killAfterMs = 180_000): Promise<HarnessRun> {
  const reportDir = mkdtempSync(join(tmpdir(), 'ems-hostile-'));
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('EMS_')));
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, conformanceArgs(args), {
      cwd: repoPath(),
      env: { ...clean, CI: '1', EMS_REPORT_DIR: reportDir, EMS_TEST_RESULTS_DIR: join(reportDir, 'test-results'), ...env },
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const peaks = new Map<number, number>();
    const poll = setInterval(() => child.pid !== undefined && sampleTree(child.pid, peaks), 50);
    const killer = setTimeout(() => {
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
    }, killAfterMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearInterval(poll);
      clearTimeout(killer);
      const reportFile = join(reportDir, 'conformance.json');
      const report = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as ConformanceReport) : undefined;
      rmSync(reportDir, { recursive: true, force: true });
      const peakKb = Math.max(0, ...peaks.values());
      resolve({ code, signal, stdout, stderr, wallMs: Date.now() - started, peakRssMiB: Math.round(peakKb / 1024), ...(report ? { report } : {}) });
    });
  });
}

/** Records, for every process descending from root, the largest VmHWM seen (kB). */
function sampleTree(root: number, peaks: Map<number, number>): void {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return;
  }
  const parentOf = new Map<number, number>();
  for (const entry of entries) {
    const stat = readProc(`/proc/${entry}/stat`);
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields?.[1]) parentOf.set(Number(entry), Number(fields[1]));
  }
  const inTree = (pid: number): boolean => {
    for (let current: number | undefined = pid, hops = 0; current && hops < 64; current = parentOf.get(current), hops += 1) {
      if (current === root) return true;
    }
    return false;
  };
  for (const pid of parentOf.keys()) {
    if (!inTree(pid)) continue;
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readProc(`/proc/${pid}/status`) ?? '');
    if (hwm) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, Number(hwm[1])));
  }
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The rules the run judged `fail`, with their reasons. */
export function failing(run: HarnessRun): { id: string; reason: string }[] {
  return (run.report?.rules ?? []).filter((rule) => rule.verdict === 'fail').map((rule) => ({ id: rule.id, reason: rule.reason ?? '' }));
}
