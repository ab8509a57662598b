import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ConfigError, readSettings, resolveTarget } from '../../harness/core/config';
import { TOKENS } from './support/target';

const REMOTE = { EMS_BASE_URL: 'https://ems.example/v1/', EMS_TOKEN: TOKENS.EMS_TOKEN };
const EMBEDDED = { EMS_BASE_URL: 'http://127.0.0.1:4000/v1', EMS_EMBEDDED_MOCK: '1', ...TOKENS };

describe('resolveTarget', () => {
  test('defaults for a remote target', () => {
    const target = resolveTarget({ ...REMOTE, EMS_RUN_STARTED_AT: '1000', EMS_SEED: '7' });
    assert.equal(target.baseUrl, 'https://ems.example/v1');
    assert.equal(target.authUrl, 'https://ems.example');
    assert.equal(target.profile.name, 'service');
    assert.equal(target.embeddedMock, false);
    assert.equal(target.allowWrites, false);
    assert.equal(target.maxRps, 10);
    assert.equal(target.timeoutMs, 10_000);
    assert.equal(target.deadline, 1000 + 600_000);
    assert.equal(target.seed, 7);
    assert.equal(target.runs, 25);
    assert.equal(target.exportBudgetS, 300);
    assert.equal(target.maxBodyBytes, 16 * 1024 * 1024);
    assert.deepEqual([...target.capabilities], []);
  });

  test('the embedded mock: unlimited rate, writes allowed, every token and fixture a capability', () => {
    const fixtures = { suppressedEmails: ['s@example.com'], failingExport: { startDate: '1999-01-01', endDate: '1999-01-02' }, empty: [] };
    const target = resolveTarget({ ...EMBEDDED, EMS_FIXTURES_JSON: JSON.stringify(fixtures), EMS_MOCK_FAULTS: 'a, b' });
    assert.equal(target.maxRps, Infinity);
    assert.equal(target.allowWrites, true);
    assert.deepEqual(target.faults, ['a', 'b']);
    assert.deepEqual(
      [...target.capabilities].sort(),
      ['fixture:failingExport', 'fixture:suppressedEmails', 'token:app', 'token:noGroups', 'token:noImport', 'writes'],
    );
  });

  test('explicit settings win', () => {
    const target = resolveTarget({ ...REMOTE, EMS_AUTH_URL: 'https://auth.example', EMS_ALLOW_WRITES: '1', EMS_MAX_RPS: '2.5', EMS_PROFILE: 'rest', EMS_PATH: '3:1' });
    assert.equal(target.authUrl, 'https://auth.example');
    assert.equal(target.allowWrites, true);
    assert.equal(target.maxRps, 2.5);
    assert.equal(target.profile.name, 'rest');
    assert.equal(target.path, '3:1');
    assert.ok(target.capabilities.has('writes'));
  });
});

describe('configuration errors are one line saying what to fix', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ems-config-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const malformed = join(dir, 'broken.json');
  writeFileSync(malformed, '{ "name": ');
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ['rate not a number', { ...REMOTE, EMS_MAX_RPS: 'abc' }, /^EMS_MAX_RPS=abc must be a number greater than 0$/],
    ['rate zero', { ...REMOTE, EMS_MAX_RPS: '0' }, /^EMS_MAX_RPS=0 must be a number greater than 0$/],
    ['rate negative', { ...REMOTE, EMS_MAX_RPS: '-3' }, /^EMS_MAX_RPS=-3 must be/],
    ['base URL not http', { ...REMOTE, EMS_BASE_URL: 'ftp://ems.example/v1' }, /^EMS_BASE_URL=ftp:\/\/ems.example\/v1 is not an http\(s\) URL/],
    ['base URL not a URL', { ...REMOTE, EMS_BASE_URL: 'ems.example' }, /^EMS_BASE_URL=ems.example is not a URL/],
    ['no token', { EMS_BASE_URL: 'https://ems.example/v1' }, /^EMS_TOKEN is not set: pass --token/],
    ['no base URL', { EMS_TOKEN: 'x' }, /^EMS_BASE_URL is not set/],
    ['unknown profile', { ...REMOTE, EMS_PROFILE: 'soap' }, /^EMS_PROFILE=soap: /],
    ['malformed profile file', { ...REMOTE, EMS_PROFILE: malformed }, /^EMS_PROFILE=.*broken\.json: /],
    ['timeout not an integer', { ...REMOTE, EMS_TIMEOUT_MS: '1.5' }, /^EMS_TIMEOUT_MS=1.5 is not an integer$/],
    ['runs zero', { ...REMOTE, EMS_RUNS: '0' }, /^EMS_RUNS=0 must be greater than 0$/],
    ['writes flag', { ...REMOTE, EMS_ALLOW_WRITES: 'yes' }, /^EMS_ALLOW_WRITES=yes is not a flag/],
    ['replay path', { ...REMOTE, EMS_PATH: 'a:b' }, /^EMS_PATH=a:b is not a fast-check path/],
    ['faults on a remote target', { ...REMOTE, EMS_MOCK_FAULTS: 'x' }, /^EMS_MOCK_FAULTS applies to the embedded mock only/],
    ['token with whitespace', { ...REMOTE, EMS_TOKEN: 'a b' }, /^EMS_TOKEN contains whitespace/],
  ];
  for (const [name, env, message] of cases) {
    test(name, () => {
      assert.throws(() => resolveTarget(env), (error: unknown) => {
        assert.ok(error instanceof ConfigError, String(error));
        assert.match(error.message, message);
        assert.equal(error.message.includes('\n'), false);
        return true;
      });
    });
  }

  test('readSettings checks everything but the target itself', () => {
    assert.equal(readSettings({}).profile.name, 'service');
    assert.throws(() => readSettings({ EMS_BUDGET_S: 'soon' }), /^ConfigError: EMS_BUDGET_S=soon must be a number greater than 0$/);
  });
});
