import { it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoPath, repoRoot } from '../../harness/contract';

it('harness/contract/openapi.gen.ts is what `npm run gen:types` makes of spec/openapi.yaml', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ems-types-'));
  try {
    const fresh = join(dir, 'openapi.gen.ts');
    const cli = repoPath('node_modules/.bin/openapi-typescript');
    const run = spawnSync(cli, ['spec/openapi.yaml', '--output', fresh], { cwd: repoRoot, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const committed = readFileSync(repoPath('harness/contract/openapi.gen.ts'), 'utf8');
    assert.ok(committed === readFileSync(fresh, 'utf8'), 'openapi.gen.ts is stale: run `npm run gen:types`');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
