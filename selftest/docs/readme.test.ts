import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadRules, repoPath } from '../../harness/contract';

const readme = readFileSync(repoPath('README.md'), 'utf8');

test('the README opens with the two commands CI runs', () => {
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const commands = firstBlock.split('\n').filter(Boolean).map((line) => line.replace(/\s+#.*$/, '').trim());
  assert.deepEqual(commands, ['npm ci && npm run conformance', 'npm test']);
  const ci = readFileSync(repoPath('.ci', 'run'), 'utf8');
  for (const command of ['npm ci', 'npm run conformance', 'npm test', 'npm run test:ecosystem']) assert.ok(ci.includes(command), `.ci/run does not run ${command}`);
});

test('the README rule table counts what spec/rules.yaml holds', () => {
  const catalogue = loadRules();
  for (const area of catalogue.areas) {
    const rules = catalogue.rules.filter((r) => r.area === area.id);
    const documented = rules.filter((r) => r.level === 'documented').length;
    const row = `| \`${area.id}\` | ${area.title} | ${rules.length} | ${documented} | ${rules.length - documented} |`;
    assert.ok(readme.includes(row), `README lacks the row: ${row}`);
  }
  assert.ok(readme.includes(`| **${catalogue.rules.length}** |`), 'README total differs from the catalogue');
});

test("the README's recipe to find a rule's check names the check's file", () => {
  const rule = loadRules().rules[0]!;
  assert.ok(readme.includes('checks/<area>/<rule-id>.ts'), 'README explains the layout checks/<area>/<rule-id>.ts');
  assert.ok(existsSync(repoPath('checks', rule.area, `${rule.id}.ts`)), `checks/${rule.area}/${rule.id}.ts exists`);
});
