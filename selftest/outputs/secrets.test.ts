import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { renderSecretHits, scanForSecrets, type Secret } from '../../harness/report/secret-scan';
import { TOKEN_VALUES } from '../../mock';
import { bundledCommand, conformance, grepRules, playwright, readReport, runDirs } from './support';

const mockTokens: Secret[] = Object.entries(TOKEN_VALUES).map(([name, value]) => ({ name, value }));

test('a conformance run writes no token anywhere (reports, Playwright report, test results)', { timeout: 180_000 }, async () => {
  const dirs = runDirs('secrets-clean');
  // Auth checks handle every token, valid and not, in the header, the query string and the body.
  const run = await conformance(['--grep', grepRules('auth.', 'helper.ping.', 'envelope.')], dirs);
  assert.ok(run.code === 0 || run.code === 1, `run ended: ${run.code}\n${run.stderr}`);
  const judged = readReport(dirs.reports).rules.filter((r) => r.verdict !== 'skipped');
  assert.ok(judged.length >= 3, `the run judged only ${judged.length} rules`);
  const output = run.stdout + run.stderr;
  const hits = scanForSecrets([dirs.reports, dirs.testResults], mockTokens);
  assert.deepEqual(hits, [], renderSecretHits(hits));
  for (const { name, value } of mockTokens) assert.ok(!output.includes(value), `console output holds token ${name}`);
});

test('the scan fails when a check deliberately logs a token', { timeout: 120_000 }, async () => {
  const dirs = runDirs('secrets-leak');
  await playwright(['test', '--config', 'selftest/outputs/fixtures/leak.config.ts'], dirs);
  const hits = scanForSecrets([dirs.reports, dirs.testResults], mockTokens);
  assert.ok(hits.length > 0, 'the deliberate leak was not found');
  // The Playwright HTML report keeps stdout inside a base64 zip: the scan must open it.
  assert.ok(hits.some((h) => h.within.includes('data:application/zip')), renderSecretHits(hits));
});

test('should find a token in a file named alone as in its folder, and refuse a path that does not exist', { timeout: 60_000 }, async () => {
  const dirs = runDirs('secrets-file');
  const folder = join(dirs.root, 'logs');
  mkdirSync(folder);
  const file = join(folder, 'ci.log');
  writeFileSync(file, `calling with Authorization: Bearer ${mockTokens[0]!.value}\n`);
  const scan = (...paths: string[]) => bundledCommand('scan-secrets', paths, dirs);

  for (const path of [file, folder]) {
    const found = await scan(path);
    assert.equal(found.code, 1, `${path}: ${found.stdout}${found.stderr}`);
    assert.match(found.stderr, /ci\.log/);
    assert.ok(!(found.stdout + found.stderr).includes(mockTokens[0]!.value), 'the scan printed the token it found');
  }
  const clean = join(dirs.root, 'clean.log');
  writeFileSync(clean, 'nothing secret here\n');
  const none = await scan(clean);
  assert.equal(none.code, 0, none.stderr);
  const missing = await scan(join(dirs.root, 'no-such.log'));
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /^scan:secrets: no such file or folder: .*no-such\.log\n$/);
});
