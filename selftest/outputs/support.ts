import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoPath } from '../../harness/contract';
import type { ConformanceReport, VerdictKind } from '../../harness/types';
import { conformanceArgs, NODE } from '../core/support/run';

/** Output folders of one run, in a fresh temp dir so runs never share files. */
export interface RunDirs {
  root: string;
  reports: string;
  testResults: string;
  blobs: string;
}

/** The folders of this test file's runs, removed when its process ends. */
const roots: string[] = [];
process.once('exit', () => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

export function runDirs(label: string): RunDirs {
  const root = mkdtempSync(join(tmpdir(), `ems-${label}-`));
  roots.push(root);
  return { root, reports: join(root, 'reports'), testResults: join(root, 'test-results'), blobs: join(root, 'blob-report') };
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command from the repo root with the run's output folders, collecting its output. */
export function runCommand(command: string, args: string[], dirs: RunDirs, env: Record<string, string> = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoPath(),
      env: {
        ...process.env,
        CI: '1',
        EMS_REPORT_DIR: dirs.reports,
        EMS_TEST_RESULTS_DIR: dirs.testResults,
        EMS_BLOB_DIR: dirs.blobs,
        // These tests judge what a run writes; the replays of failures (their own self-tests: selftest/baseline/) would only add time.
        EMS_REPLAYS: '0',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** `npm run conformance -- ...args` against the embedded mock. */
export const conformance = (args: string[], dirs: RunDirs, env?: Record<string, string>): Promise<CommandResult> =>
  runCommand(NODE, conformanceArgs(args), dirs, env);

/** A command of the CLI as its npm script runs it, from the run bundle (bin/run-bundled.mjs): `merge`, `scan-secrets`. */
export const bundledCommand = (command: 'merge' | 'scan-secrets', args: string[], dirs: RunDirs, env?: Record<string, string>): Promise<CommandResult> =>
  runCommand(NODE, [repoPath('bin', 'run-bundled.mjs'), command, ...args], dirs, env);

export const playwright = (args: string[], dirs: RunDirs, env?: Record<string, string>): Promise<CommandResult> =>
  runCommand(repoPath('node_modules', '.bin', 'playwright'), args, dirs, env);

export function readReport(dir: string): ConformanceReport {
  return JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
}

/** rule ID -> verdict, for comparing runs rule by rule. */
export const verdictsOf = (report: ConformanceReport): Record<string, VerdictKind> =>
  Object.fromEntries(report.rules.map((r) => [r.id, r.verdict]));

/** A --grep selecting every test tagged with a rule of these areas (rule IDs of an area share a prefix, schema rules aside). */
export const grepRules = (...ids: string[]): string => ids.map((id) => `@rule:${id.replace(/\./g, '\\.')}`).join('|');
