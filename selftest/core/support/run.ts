import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoPath } from '../../../harness/contract';
import type { ConformanceReport } from '../../../harness/types';

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
  reportDir: string;
}

/** The report folders of this test file's runs, removed when its process ends. */
const reportDirs: string[] = [];
process.once('exit', () => {
  for (const dir of reportDirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs a command at the repository root with no EMS_* variable inherited (so the embedded mock is the target), and no replay of failures (selftest/baseline/ tests those). */
export function runAtRoot(command: string, args: string[], env: Record<string, string> = {}): Promise<Finished> {
  const reportDir = mkdtempSync(join(tmpdir(), 'ems-run-'));
  reportDirs.push(reportDir);
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('EMS_')));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoPath(), env: { ...clean, EMS_REPORT_DIR: reportDir, EMS_WORKERS: '1', EMS_REPLAYS: '0', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, reportDir }));
  });
}

export function readReport(finished: Finished): ConformanceReport {
  return JSON.parse(readFileSync(join(finished.reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
}

/** The console reporter's closing count of a kind ("  12 passed (3.1s)", "  91 skipped"), 0 when it prints none. */
export const closingCount = (stdout: string, kind: 'passed' | 'skipped' | 'failed'): number => Number(new RegExp(`^\\s+(\\d+) ${kind}\\b`, 'm').exec(stdout)?.[1] ?? 0);

export const PLAYWRIGHT = repoPath('node_modules', '.bin', 'playwright');
/** Node, to run `npm run conformance`'s command: the CLI from the bundle of the sources (bin/run-bundled.mjs). */
export const NODE = process.execPath;
/** The arguments of `npm run conformance -- args` after node: what the self-tests run as a team runs the harness. */
export const conformanceArgs = (args: string[]): string[] => [repoPath('bin', 'run-bundled.mjs'), 'run', ...args];
/** `npm run conformance -- args` (its command, without npm) at the repository root: runAtRoot's environment and report folder. */
export const runConformance = (args: string[], env: Record<string, string> = {}): Promise<Finished> => runAtRoot(NODE, conformanceArgs(args), env);
export const TSX = repoPath('node_modules', '.bin', 'tsx');
