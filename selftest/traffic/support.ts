import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoPath } from '../../harness/contract';
import type { ConformanceReport, VerdictKind } from '../../harness/types';
import { readReport, runAtRoot, runConformance, TSX, type Finished } from '../core/support/run';

export { TSX, readReport, runAtRoot, type Finished };

const scratchDirs: string[] = [];
process.once('exit', () => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

/** A scratch folder for a test's HARs and reports, removed when the test file's process ends. */
export function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ems-traffic-'));
  scratchDirs.push(dir);
  return dir;
}

/** `npm run conformance -- args` at the repository root (its command, without npm), no EMS_* inherited, its own report folder. */
export const conformance = runConformance;

/** An active run against the embedded mock, recorded through the proxy into harFile (selftest/traffic/recording-provider.ts). */
export function recordedActiveRun(harFile: string, args: string[], env: Record<string, string> = {}): Promise<Finished> {
  return conformance(args, { EMS_TARGET_PROVIDER: repoPath('selftest', 'traffic', 'recording-provider.ts'), EMS_SELFTEST_HAR_OUT: harFile, ...env });
}

/** Each rule's verdict and reason. */
export function verdicts(report: ConformanceReport): Map<string, { verdict: VerdictKind; reason: string }> {
  return new Map(report.rules.map((rule) => [rule.id, { verdict: rule.verdict, reason: rule.reason ?? '' }]));
}

