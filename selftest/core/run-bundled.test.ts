/**
 * bin/run-bundled.mjs (`npm run conformance`): it runs the CLI from a bundle of the sources, builds the bundle
 * again after any change to them (and only then), keeps a few bundles, and exits 4 with one line when the sources
 * do not build. Tried on a copy of the launcher in a scratch project whose build script writes a CLI that prints
 * where it runs from, so that the repository's own bundles are left alone.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { repoPath } from '../../harness/contract';

const project = mkdtempSync(join(tmpdir(), 'ems-run-bundled-'));
after(() => rmSync(project, { recursive: true, force: true }));

mkdirSync(join(project, 'bin'));
mkdirSync(join(project, 'harness'));
copyFileSync(repoPath('bin', 'run-bundled.mjs'), join(project, 'bin', 'run-bundled.mjs'));
symlinkSync(repoPath('node_modules'), join(project, 'node_modules'), 'dir');
const source = join(project, 'harness', 'index.ts');
writeFileSync(source, 'export const answer = 42;\n');
// The build script's stand-in: the bundle's CLI prints its arguments and the folder it runs from (--runs-from).
writeFileSync(
  join(project, 'bin', 'build-package.ts'),
  `import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
const { values } = parseArgs({ options: { out: { type: 'string' }, 'runs-from': { type: 'string' }, for: { type: 'string' } } });
if (readFileSync('harness/index.ts', 'utf8').includes('syntax error')) { console.error('build: harness/index.ts: syntax error'); process.exit(1); }
mkdirSync(join(values.out!, 'bin'), { recursive: true });
writeFileSync(join(values.out!, 'bin', 'ems-conformance.js'), 'console.log(JSON.stringify({ args: process.argv.slice(2), from: ' + JSON.stringify(values['runs-from'] + ' ' + values.for) + ' }));\\n');
`,
);

function launch(...args: string[]) {
  const run = spawnSync(process.execPath, [join(project, 'bin', 'run-bundled.mjs'), ...args], { cwd: project, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}
const bundles = () => readdirSync(join(project, 'tmp', 'bundle')).sort();
/** A new modification time for the source, as an editor's save gives it; the content stays the same. */
let edits = 0;
const touch = () => {
  edits += 1;
  const at = new Date(Date.now() + edits * 1000);
  utimesSync(source, at, at);
};

test('should build the bundle at the first run and run the CLI from it with the arguments given', () => {
  const first = launch('run', '--grep', 'x');
  assert.equal(first.code, 0, first.stderr);
  const printed = JSON.parse(first.stdout) as { args: string[]; from: string };
  assert.deepEqual(printed.args, ['run', '--grep', 'x']);
  assert.equal(printed.from, `tmp/bundle/${bundles()[0]} repository`);
  assert.equal(bundles().length, 1);
});

test('should not build again while no source changed, and build a new bundle after a change', () => {
  const before = bundles();
  assert.equal(launch('run').code, 0);
  assert.deepEqual(bundles(), before, 'no new bundle without a change');
  touch();
  const changed = launch('run');
  assert.equal(changed.code, 0, changed.stderr);
  assert.equal(bundles().length, before.length + 1);
  assert.ok(!before.includes((JSON.parse(changed.stdout) as { from: string }).from.split(' ')[0]!.split('/')[2]!), 'it runs from the new bundle');
});

test('should keep the three newest bundles and remove the older ones', () => {
  for (let index = 0; index < 3; index += 1) {
    touch();
    assert.equal(launch('run').code, 0);
  }
  assert.equal(bundles().length, 3);
});

test('should exit 4 with one line naming the build when the sources do not build, and leave no partial bundle', () => {
  writeFileSync(source, 'export const answer = ; // syntax error\n');
  const broken = launch('run');
  assert.equal(broken.code, 4);
  assert.match(broken.stderr, /syntax error/);
  assert.match(broken.stderr.trim().split('\n').at(-1)!, /^run-bundled: the harness could not be built from its sources/);
  assert.deepEqual(bundles().filter((name) => name.includes('.partial-')), []);
});
