import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { repoPath } from '../../harness/contract';

/** What the tools keep in the temp folder across runs on purpose: their compile caches (tsx-0, playwright-transform-cache-0). */
const CACHE = /^(tsx|playwright-transform-cache)-\d+$/;

/** Runs node with this TMPDIR and no EMS_* variable; resolves with what it left there besides the caches. */
function leftBehind(args: string[], tmp: string): Promise<{ code: number | null; left: string[]; output: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('EMS_')));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: repoPath(), env: { ...env, TMPDIR: tmp, EMS_SELFTEST: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, left: readdirSync(tmp).filter((name) => !CACHE.test(name)), output }));
  });
}

describe('the self-tests leave nothing in the temp folder', { timeout: 120_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'ems-temp-dirs-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  test("the run helpers' folders (runAtRoot, runDirs) are removed when the test file ends", async () => {
    const tmp = mkdtempSync(join(scratch, 'tmp-'));
    const script = join(scratch, 'helpers.mts');
    writeFileSync(
      script,
      [
        `import { runAtRoot } from ${JSON.stringify(repoPath('selftest', 'core', 'support', 'run.ts'))};`,
        `import { runDirs } from ${JSON.stringify(repoPath('selftest', 'outputs', 'support.ts'))};`,
        "runDirs('temp-dirs');",
        "const finished = await runAtRoot(process.execPath, ['-e', '']);",
        "if (finished.code !== 0) throw new Error('the child failed');",
      ].join('\n'),
    );
    const run = await leftBehind([script], tmp);
    assert.equal(run.code, 0, run.output);
    assert.deepEqual(run.left, []);
  });

  test('the self-tests that write report files clean up after themselves', async () => {
    const tmp = mkdtempSync(join(scratch, 'tmp-'));
    const files = ['selftest/core/reporter.test.ts', 'selftest/core/config.test.ts', 'selftest/contract/profiles.test.ts'];
    const run = await leftBehind(['--test', '--test-reporter=dot', ...files], tmp);
    assert.equal(run.code, 0, run.output);
    assert.deepEqual(run.left, []);
  });
});
