import assert from 'node:assert/strict';
import { test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { renderJunit } from '../../harness/report/junit';
import { HOSTILE, sampleCatalogue, sampleReport } from './fixtures/sample-report';

const report = sampleReport();
const xml = renderJunit(report, sampleCatalogue.areas);
const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name) }).parse(xml);
const suites: { name: string; testcase: Record<string, unknown>[] }[] = parsed.testsuites.testsuite;
const cases = suites.flatMap((s) => s.testcase);
const byName = (id: string) => cases.find((c) => c.name === id)!;

test('the XML parses, hostile evidence included', () => {
  assert.equal(XMLValidator.validate(xml), true);
  const failureText = (byName('groups.search.rpp.bounds').failure as Record<string, string>)['#text']!;
  assert.ok(failureText.includes(HOSTILE.slice(0, 8)), 'the hostile text arrives as text');
  assert.ok(failureText.includes('onerror=alert(1)>]] >'), 'its "]]>" cannot close the CDATA section');
});

test('one testsuite per area, one testcase per rule named by its ID', () => {
  assert.deepEqual(suites.map((s) => s.name), ['auth', 'groups.search', 'emails.search']);
  assert.deepEqual(cases.map((c) => c.name).sort(), report.rules.map((r) => r.id).sort());
  for (const c of cases) assert.equal(c.classname, report.rules.find((r) => r.id === c.name)!.area);
});

test('fail is a failure with the reason and the repro', () => {
  const failure = byName('groups.search.rpp.bounds').failure as Record<string, string>;
  assert.equal(failure.message, 'rpp=251 was accepted and clamped to 250 records instead of refused');
  assert.match(failure['#text']!, /curl -sS/);
});

test('inconclusive is skipped with "inconclusive: <reason>", never counted as passed', () => {
  const inconclusive = byName('emails.search.date-range');
  assert.deepEqual(inconclusive.skipped, { message: 'inconclusive: unfinished: the time budget ran out' });
  assert.equal(parsed.testsuites.skipped, '2');
  assert.equal(parsed.testsuites.failures, '1');
  const passed = Number(parsed.testsuites.tests) - Number(parsed.testsuites.failures) - Number(parsed.testsuites.skipped);
  assert.equal(passed, report.counts.pass);
});

test('statement and source travel as properties and in system-out', () => {
  const rule = byName('auth.token.missing');
  const properties = (rule.properties as { property: { name: string; value: string }[] }).property;
  assert.equal(properties.find((p) => p.name === 'statement')?.value, 'Statement of auth.token.missing.');
  assert.match(properties.find((p) => p.name === 'source')!.value, /^interface\.md > Limits: "Quoted sentence/);
  assert.match(String(rule['system-out']), /Quoted sentence for auth\.token\.missing/);
});
