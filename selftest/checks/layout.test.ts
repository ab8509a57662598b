/**
 * One rule, one check: every rule of spec/rules.yaml has exactly one file checks/<area>/<rule-id>.ts
 * whose default export judges that rule, listed in its area's index; a grep of the rule ID in checks/
 * and suites/ lands on that file alone; no check's run is longer than about 60 lines.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { loadRules, repoPath } from '../../harness/contract';
import type { Check } from '../../harness/check';

// Bundled (selftest/bundle.ts) this file runs without a TypeScript loader, and it imports the check files by path.
if (!import.meta.url.endsWith('.ts')) (await import('tsx/esm/api')).register();

const RUN_MAX_LINES = 60;
const catalogue = loadRules();
const checksDir = repoPath('checks');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(dir, file));

const checkFileOf = (rule: { id: string; area: string }) => join(checksDir, rule.area, `${rule.id}.ts`);

describe('checks/: one file per rule', () => {
  test('every rule has its check file, and every check file names a rule', () => {
    const missing = catalogue.rules.filter((rule) => !existsSync(checkFileOf(rule))).map((rule) => rule.id);
    assert.deepEqual(missing, [], 'rules without checks/<area>/<rule-id>.ts');
    const ruleFiles = new Set(catalogue.rules.map(checkFileOf));
    const ids = new Set(catalogue.rules.map((rule) => rule.id));
    const strays = sourceFiles(checksDir).filter((file) => !ruleFiles.has(file) && ids.has(file.split('/').pop()!.replace(/\.ts$/, '')));
    assert.deepEqual(strays, [], 'rule-named files outside their area folder');
  });

  test("each check file's default export judges the rule it is named after, and its area's index lists it", async () => {
    for (const area of catalogue.areas) {
      const { checks } = (await import(join(checksDir, area.id, 'index.ts'))) as { checks: Check[] };
      const expected = catalogue.rules.filter((rule) => rule.area === area.id).map((rule) => rule.id).sort();
      assert.deepEqual(checks.map((check) => check.rule).sort(), expected, `checks/${area.id}/index.ts lists one check per rule of the area`);
      for (const rule of catalogue.rules.filter((r) => r.area === area.id)) {
        const { default: check } = (await import(checkFileOf(rule))) as { default: Check };
        assert.equal(check?.rule, rule.id, `${relative(repoPath(), checkFileOf(rule))} default-exports defineCheck({ rule: '${rule.id}' })`);
        assert.ok(checks.includes(check), `checks/${area.id}/index.ts lists ${rule.id}`);
      }
    }
  });

  test('a grep of a rule ID in checks/ and suites/ finds its check file alone', () => {
    const files = [...sourceFiles(checksDir), ...sourceFiles(repoPath('suites'))].map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    const astray: string[] = [];
    for (const rule of catalogue.rules) {
      const quoted = new RegExp(`['"\`]${rule.id.replaceAll('.', '\\.')}['"\`]`);
      const found = files.filter(({ text }) => quoted.test(text)).map(({ file }) => file);
      if (found.length !== 1 || found[0] !== checkFileOf(rule)) astray.push(`${rule.id}: ${found.map((f) => relative(repoPath(), f)).join(', ') || 'nowhere'}`);
    }
    assert.deepEqual(astray, []);
  });

  test(`no check's run is longer than ${RUN_MAX_LINES} lines`, () => {
    const long: string[] = [];
    for (const rule of catalogue.rules) {
      const file = checkFileOf(rule);
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
      const visit = (node: ts.Node): void => {
        if ((ts.isPropertyAssignment(node) || ts.isMethodDeclaration(node)) && node.name.getText(source) === 'run') {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          if (end - start + 1 > RUN_MAX_LINES) long.push(`${rule.id}: ${end - start + 1} lines`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    assert.deepEqual(long, []);
  });
});

describe('suites/: thin registrations', () => {
  test('Playwright lists exactly one test per rule, tagged @rule:<id>', () => {
    const listed = spawnSync(process.execPath, [repoPath('node_modules', '@playwright', 'test', 'cli.js'), 'test', '--list', '--reporter=json'], {
      cwd: repoPath(),
      encoding: 'utf8',
      env: { ...process.env, EMS_REPORTERS: 'minimal' },
    });
    assert.equal(listed.status, 0, listed.stderr);
    const tags: string[] = [];
    const walk = (suite: PlaywrightSuite): void => {
      for (const spec of suite.specs ?? []) tags.push(...spec.tags.filter((tag) => tag.startsWith('rule:')));
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of (JSON.parse(listed.stdout) as { suites: PlaywrightSuite[] }).suites) walk(suite);
    const expected = catalogue.rules.map((rule) => `rule:${rule.id}`).sort();
    assert.deepEqual(tags.sort(), expected);
  });
});

interface PlaywrightSuite {
  specs?: { tags: string[] }[];
  suites?: PlaywrightSuite[];
}
