/**
 * `npm test`: runs every self-test (selftest/**\/*.test.ts) with node's test runner, after the spec lint.
 * Arguments narrow the run to files whose path contains one of them: `npm test -- mock report`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const filters = process.argv.slice(2);

const files = readdirSync(join(root, 'selftest'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => join('selftest', f))
  .filter((f) => filters.length === 0 || filters.some((part) => f.includes(part)))
  .sort();

if (files.length === 0) {
  console.error(`no self-test matches ${filters.join(', ')}`);
  process.exit(1);
}

const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, EMS_SELFTEST: '1' },
});
console.log(`self-tests: ${files.length} files under ${relative(process.cwd(), join(root, 'selftest')) || 'selftest'}`);
process.exit(run.status ?? 1);
