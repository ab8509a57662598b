/** The two commands end to end: `npm run spec:diff` and `npm run report`, run with tsx as npm runs them. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoPath } from '../../harness/contract';
import { sampleReport } from './fixtures/sample-report';

const root = repoPath();
const fixtures = 'selftest/report/fixtures';

function run(script: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

test('spec:diff exits 0, or 1 with --fail-on-breaking when something breaks', () => {
  const files = [`${fixtures}/spec-old.yaml`, `${fixtures}/spec-new.yaml`];
  assert.equal(run('bin/spec-diff.ts', ...files).status, 0);
  assert.equal(run('bin/spec-diff.ts', ...files, '--fail-on-breaking').status, 1);
  assert.equal(run('bin/spec-diff.ts', files[0]!, files[0]!, '--fail-on-breaking').status, 0);
});

test('spec:diff --json gives the changes to machines', () => {
  const { out, status } = run('bin/spec-diff.ts', `${fixtures}/spec-old.yaml`, `${fixtures}/spec-new.yaml`,
    '--old-rules', `${fixtures}/rules-old.yaml`, '--new-rules', `${fixtures}/rules-new.yaml`, '--json');
  assert.equal(status, 0);
  const diff = JSON.parse(out);
  assert.equal(diff.changes.length, 10);
  assert.equal(diff.breaking, 7);
});

test('spec:diff without two files explains its usage', () => {
  const { status, err } = run('bin/spec-diff.ts');
  assert.equal(status, 2);
  assert.match(err, /usage: ems-conformance spec-diff/);
});

test('report re-renders html and junit from a conformance.json and compares with a baseline', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ems-report-cli-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const source = join(dir, 'conformance.json');
  await writeFile(source, JSON.stringify(sampleReport()));
  const clean = { ...sampleReport(), rules: sampleReport().rules.map((r) => ({ ...r, verdict: 'pass' })) };
  await writeFile(join(dir, 'baseline.json'), JSON.stringify(clean));
  const { out, status } = run('bin/report.ts', source, '--baseline', join(dir, 'baseline.json'));
  assert.equal(status, 0);
  assert.ok(existsSync(join(dir, 'conformance.html')) && existsSync(join(dir, 'junit.xml')));
  assert.match(out, /failing \(1\):\n {2}groups\.search\.rpp\.bounds/);
  assert.match(out, /newly failing \(1\):\n {2}groups\.search\.rpp\.bounds {2}pass -> fail/);
});
