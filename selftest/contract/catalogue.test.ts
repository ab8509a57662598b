import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPERATION_KEYS, loadRules, loadSpec, repoPath, ruleById, validatingRule } from '../../harness/contract';
import type { RuleCatalogue } from '../../harness/types';
import { folded, sectionText, sourceDocument } from './source-text';

/** The catalogue, or the one-line reason it does not load (reported by the first test). */
function catalogueOrError(): RuleCatalogue | Error {
  try {
    return loadRules();
  } catch (error) {
    return error as Error;
  }
}

describe('rule catalogue (spec/rules.yaml)', () => {
  const catalogue = catalogueOrError();

  it('loads and validates (shape, unique IDs, known areas and operations)', () => {
    if (catalogue instanceof Error) throw catalogue;
    assert.ok(catalogue.rules.length > 0);
  });

  const { rules, areas } = catalogue instanceof Error ? { rules: [], areas: [] } : catalogue;

  it('rule IDs are unique', () => assert.equal(new Set(rules.map((r) => r.id)).size, rules.length));

  it('every area is used by a rule, and every rule names a known area', () => {
    const used = new Set(rules.map((r) => r.area));
    assert.deepEqual(areas.map((a) => a.id).filter((a) => !used.has(a)), []);
    assert.deepEqual([...used].filter((a) => !areas.some((x) => x.id === a)), []);
  });

  it('ruleById finds rules and refuses unknown IDs', () => {
    assert.equal(ruleById('envelope.shape').area, 'envelope');
    assert.throws(() => ruleById('no.such.rule'), /unknown rule "no.such.rule"/);
  });

  it('names the rule of every part the validator checks, one per operation; refuses two', () => {
    assert.equal(validatingRule('envelope', 'groups.search')?.id, 'envelope.shape');
    assert.equal(validatingRule('datetime-format', 'emails.search')?.id, 'envelope.datetime-format');
    for (const op of ['groups.search', 'emails.search', 'contacts.import'] as const) assert.equal(validatingRule('payload', op)?.id, `schema.${op}`);
    const dir = mkdtempSync(join(tmpdir(), 'ems-rules-'));
    try {
      const text = readFileSync(repoPath('spec/rules.yaml'), 'utf8').replace(/(  - id: groups\.search\.methods\n(?:    .*\n)*?    operations: .*\n)/, '$1    validates: payload\n');
      writeFileSync(join(dir, 'rules.yaml'), text);
      assert.throws(() => loadRules(join(dir, 'rules.yaml')), /groups\.search\.methods and schema\.groups\.search both validate the payload of groups\.search|schema\.groups\.search and groups\.search\.methods both validate the payload of groups\.search/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every rule operation has an operation in the spec', () => {
    const inSpec = new Set(
      Object.values(loadSpec().paths ?? {}).flatMap((item) => [item?.get, item?.post].map((op) => op?.['x-operation'])),
    );
    assert.deepEqual(OPERATION_KEYS.filter((op) => !inSpec.has(op)), []);
    assert.deepEqual(rules.flatMap((r) => r.operations.filter((op) => !inSpec.has(op)).map((op) => `${r.id}: ${op}`)), []);
  });

  for (const rule of rules) {
    it(`${rule.id}: statement, level and a verbatim quote from its section`, () => {
      assert.ok(rule.statement.trim().length > 0);
      assert.ok(['documented', 'service-convention'].includes(rule.level));
      assert.equal(rule.level === 'documented', rule.source.doc === 'interface.md', 'documented rules quote interface.md');
      const document = sourceDocument(rule.source.doc);
      assert.ok(folded(document).includes(folded(rule.source.quote)), `quote not in ${rule.source.doc}`);
      const section = sectionText(document, rule.source.section);
      assert.ok(section !== undefined, `no section "${rule.source.section}" in ${rule.source.doc}`);
      assert.ok(folded(section).includes(folded(rule.source.quote)), `quote not in section "${rule.source.section}"`);
    });
  }

  it('spec/source documents equal ../shared when it exists', (t) => {
    const shared = repoPath('../shared');
    if (!existsSync(shared)) return t.skip('no ../shared');
    for (const doc of readdirSync(repoPath('spec/source')).filter((f) => f.endsWith('.md'))) {
      assert.equal(sourceDocument(doc), readFileSync(repoPath('../shared', doc), 'utf8'), `${doc} differs from ../shared`);
    }
  });
});
