import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { FAULTS } from '../../mock';
import type { RuleCatalogue } from '../../harness/types';
import { repoPath } from '../../harness/contract';

const catalogue = parse(readFileSync(repoPath('spec', 'rules.yaml'), 'utf8')) as RuleCatalogue;
const ruleIDs = new Set(catalogue.rules.map((rule) => rule.id));

describe('fault catalogue', () => {
  it('names every rule of spec/rules.yaml at least once', () => {
    const covered = new Set(FAULTS.map((fault) => fault.rule));
    assert.deepEqual([...ruleIDs].filter((id) => !covered.has(id)), []);
  });

  it('names only existing rules, with unique kebab-case names and a description', () => {
    assert.deepEqual(FAULTS.filter((fault) => !ruleIDs.has(fault.rule)), []);
    assert.equal(new Set(FAULTS.map((fault) => fault.name)).size, FAULTS.length);
    for (const fault of FAULTS) {
      assert.match(fault.name, /^[a-z0-9]+(-[a-z0-9]+)*$/);
      assert.ok(fault.description.length > 10);
    }
  });
});
