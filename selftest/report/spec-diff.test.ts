import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'yaml';
import { repoPath } from '../../harness/contract';
import { diffSpecs, renderSpecDiff, type SpecChange } from '../../harness/report/spec-diff';

const fixture = (name: string): unknown => parse(readFileSync(repoPath('selftest', 'report', 'fixtures', name), 'utf8'));
const before = { openapi: fixture('spec-old.yaml'), rules: fixture('rules-old.yaml') as { rules: [] } };
const after = { openapi: fixture('spec-new.yaml'), rules: fixture('rules-new.yaml') as { rules: [] } };
const diff = diffSpecs(before, after);

function only(where: string, change: string | RegExp): SpecChange {
  const found = diff.changes.filter((c) => c.where === where && (typeof change === 'string' ? c.change === change : change.test(c.change)));
  assert.equal(found.length, 1, `one change "${String(change)}" at ${where}; got ${JSON.stringify(diff.changes.map((c) => `${c.where}: ${c.change}`))}`);
  return found[0]!;
}

test('a lowered maximum is breaking', () => {
  const c = only('GET /groups/search (groups.search) parameter rpp', 'maximum');
  assert.deepEqual([c.before, c.after, c.breaking], [250, 200, true]);
});

test('a removed enum value is breaking for a parameter', () => {
  const c = only('GET /groups/search (groups.search) parameter status', /^enum values removed: All$/);
  assert.equal(c.breaking, true);
});

test('a changed default is breaking', () => {
  const c = only('GET /groups/search (groups.search) parameter sortDirection', 'default');
  assert.deepEqual([c.before, c.after, c.breaking], ['asc', 'desc', true]);
});

test('a new required field is breaking; a new optional one is not', () => {
  assert.equal(only('POST /contacts/import (contacts.import) parameter source', 'added').breaking, true);
  assert.equal(only('GET /groups/search (groups.search) parameter groupName', 'added').breaking, false);
});

test('a removed operation is breaking', () => {
  assert.equal(only('GET /exports/getFile (exports.getFile)', 'removed').breaking, true);
});

test('a removed rule is a coverage loss; an added rule is not breaking', () => {
  const removed = only('rule groups.search.status.default', 'removed');
  assert.equal(removed.breaking, true);
  assert.match(removed.reason, /coverage loss/);
  assert.equal(only('rule groups.search.sort.direction', 'added').breaking, false);
});

test('response fields: a new enum value is breaking, a new property is not', () => {
  assert.equal(only('schema Group field status', /^enum values added: Deleted$/).breaking, true);
  assert.equal(only('schema Group field totalMembers', 'added').breaking, false);
});

test('nothing else is reported, and the count of breaking changes agrees', () => {
  assert.equal(diff.changes.length, 10);
  assert.equal(diff.breaking, diff.changes.filter((c) => c.breaking).length);
  assert.equal(diff.breaking, 7);
});

test('a spec compared with itself has no change', () => {
  const same = diffSpecs(before, before);
  assert.deepEqual(same, { changes: [], breaking: 0 });
  assert.equal(renderSpecDiff(same), 'spec diff: nothing changed that matters for conformance');
});

test('the text lists breaking changes first', () => {
  const text = renderSpecDiff(diff);
  assert.match(text, /^spec diff: 10 changes, 7 breaking/);
  assert.ok(text.indexOf('BREAKING') < text.indexOf('not breaking'));
});

test('rule changes: a new need is a coverage loss, a reworded statement is not breaking', () => {
  const rule = { id: 'x.y', area: 'x', operations: ['helper.ping'], level: 'documented', statement: 'old', source: { doc: 'interface.md', section: 's', quote: 'q' } };
  const changed = diffSpecs(
    { openapi: {}, rules: { rules: [rule] } as never },
    { openapi: {}, rules: { rules: [{ ...rule, statement: 'new', needs: ['writes'] }] } as never },
  );
  assert.deepEqual(changed.changes.map((c) => [c.change, c.breaking]), [['statement', false], ['needs', true]]);
});

test('response bounds: widening breaks clients, tightening does not', () => {
  const doc = (maximum: number) => ({ components: { schemas: { Paging: { type: 'object', properties: { rpp: { type: 'integer', maximum } } } } } });
  const [widened] = diffSpecs({ openapi: doc(250) }, { openapi: doc(500) }).changes;
  const [tightened] = diffSpecs({ openapi: doc(250) }, { openapi: doc(100) }).changes;
  assert.deepEqual([widened?.where, widened?.breaking, tightened?.breaking], ['schema Paging field rpp', true, false]);
});
