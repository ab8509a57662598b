/**
 * bin/lib/commands.ts: a run of built JavaScript turns Playwright's TypeScript loader off, unless the user names
 * TypeScript of their own for the run to load (a suites folder holding some, a target provider that is not JavaScript).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { namesOwnTypeScript, playwrightEnv } from '../../bin/lib/commands';

const folder = mkdtempSync(join(tmpdir(), 'ems-playwright-env-'));
after(() => rmSync(folder, { recursive: true, force: true }));

test('should keep the TypeScript loader for a suites folder holding TypeScript or a provider that is not JavaScript', () => {
  const typescript = join(folder, 'ts');
  mkdirSync(join(typescript, 'nested'), { recursive: true });
  writeFileSync(join(typescript, 'nested', 'mine.spec.ts'), '');
  const javascript = join(folder, 'js');
  mkdirSync(javascript);
  writeFileSync(join(javascript, 'mine.spec.mjs'), '');
  assert.equal(namesOwnTypeScript({}), false);
  assert.equal(namesOwnTypeScript({ EMS_SUITES_DIR: typescript }), true);
  assert.equal(namesOwnTypeScript({ EMS_SUITES_DIR: javascript }), false);
  assert.equal(namesOwnTypeScript({ EMS_SUITES_DIR: join(folder, 'missing') }), true, 'a folder not there: the loader stays, Playwright says what is wrong');
  assert.equal(namesOwnTypeScript({ EMS_TARGET_PROVIDER: 'providers/mine.ts' }), true);
  assert.equal(namesOwnTypeScript({ EMS_TARGET_PROVIDER: 'providers/mine.mjs' }), false);
  assert.equal(namesOwnTypeScript({ EMS_TARGET_PROVIDER: '' }), false);
});

test('should leave the environment alone when the harness runs from its TypeScript sources', () => {
  // These self-tests run the sources: Playwright then needs its loader for the suites themselves.
  const env = { EMS_SEED: '1' };
  assert.equal(playwrightEnv(env), env);
  assert.equal(playwrightEnv(env).PW_DISABLE_TS_ESM, undefined);
});
