/**
 * The GitHub Actions workflow a team copies (.github/workflows/conformance.yml, shipped in the package) is a valid
 * workflow by the schema @action-validator/cli checks it against; and the check can fail: a copy with a job that
 * lacks `runs-on` is refused. The tool comes from .ci/install-ecosystem-tools; without it the test is skipped.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoPath } from '../../harness/contract';
import { ACTION_VALIDATOR, actionValidatorAbsent } from './tools';

const WORKFLOW = repoPath('.github', 'workflows', 'conformance.yml');

const validate = (file: string) => spawnSync(ACTION_VALIDATOR, [file], { encoding: 'utf8', timeout: 60_000 });

test('the workflow passes @action-validator/cli, and a broken copy does not', { skip: actionValidatorAbsent, timeout: 120_000 }, () => {
  const valid = validate(WORKFLOW);
  assert.equal(valid.status, 0, `${valid.stdout}${valid.stderr}`);

  const dir = mkdtempSync(join(tmpdir(), 'ems-workflow-'));
  try {
    const broken = join(dir, 'conformance.yml');
    writeFileSync(broken, readFileSync(WORKFLOW, 'utf8').replace(/^(\s+)runs-on:/m, '$1runs-onn:'));
    const refused = validate(broken);
    assert.equal(refused.status, 1, `${refused.stdout}${refused.stderr}`);
    assert.match(refused.stdout + refused.stderr, /runs-onn/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
