import { it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { repoRoot } from '../../harness/contract';

it('npm run lint:spec passes (Redocly lint, zero errors)', () => {
  const run = spawnSync('npm', ['run', '--silent', 'lint:spec'], { cwd: repoRoot, encoding: 'utf8' });
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout + run.stderr, /valid/);
});
