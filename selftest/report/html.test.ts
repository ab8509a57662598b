import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadReportCatalogue } from '../../harness/report/catalogue';
import { renderHtml } from '../../harness/report/html/page';
import { failingRule, HOSTILE, sampleCatalogue, sampleReport } from './fixtures/sample-report';

const page = renderHtml(sampleReport(), sampleCatalogue);

test('the page is self-contained: no external source, link, import or fetch', () => {
  assert.doesNotMatch(page, /\b(src|href|action)\s*=\s*["']?\s*(https?:)?\/\//i);
  assert.doesNotMatch(page, /<link\b|<script\s+src|@import|url\(|\bfetch\(|XMLHttpRequest|<iframe|<img\b/i);
  assert.equal(page.match(/<script>/g)?.length, 1, 'only the page’s own inline script');
  assert.match(page, /<style>/);
});

test('hostile evidence text is escaped, never markup', () => {
  assert.equal(page.includes(HOSTILE), false);
  assert.equal(page.includes('<script>alert'), false);
  assert.equal(page.includes('onerror=alert(1)>'), false);
  assert.match(page, /&lt;script&gt;alert\(\\&quot;pwned\\&quot;\)&lt;\/script&gt;/);
});

test('failures come first, then the areas in catalogue order', () => {
  const failures = page.indexOf('id="failures"');
  const areas = ['area-auth', 'area-groups.search', 'area-emails.search'].map((id) => page.indexOf(`id="${id}"`));
  assert.ok(failures > 0 && areas.every((at) => at > failures), 'Failures precede every area');
  assert.deepEqual([...areas].sort((a, b) => a - b), areas, 'areas keep the catalogue order');
  const failureSection = page.slice(failures, areas[0]);
  assert.match(failureSection, new RegExp(`id="rule-${failingRule.id.replaceAll('.', '\\.')}"`));
  assert.match(failureSection, /rpp=251 was accepted/);
  assert.match(failureSection, /EMS_SEED=1234 EMS_PATH=4:1/);
});

test('each area section holds exactly its rules under the catalogue title', () => {
  const sections = page.split('<section class="area"').slice(1);
  assert.equal(sections.length, 3);
  assert.match(sections[1]!, /<h2>Group search<small>/);
  const areasInGroupSearch = [...sections[1]!.matchAll(/data-area="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(areasInGroupSearch, ['groups.search', 'groups.search']);
});

test('without JavaScript everything shows: filters hidden, no rule hidden', () => {
  assert.match(page, /<form id="filters" class="filters" hidden>/);
  assert.doesNotMatch(page, /<article[^>]*\bhidden\b/);
});

test('header, tolerated quirks, coverage and created contacts are on the page', () => {
  for (const text of ['http://127.0.0.1:4010/v1', 'rpp-clamped', '1m 24s', 'booleanAsZeroOne', 'ems-conformance+1@example.test', 'deliveryType</code> ×7']) {
    assert.ok(page.includes(text), text);
  }
  assert.match(page, /<svg class="area-chart" role="img"/);
});

test('the real catalogue gives every area a title', () => {
  const catalogue = loadReportCatalogue();
  assert.ok(catalogue.areas.length >= 7);
  assert.ok(catalogue.areas.every((a) => a.title.length > 0));
  assert.ok(catalogue.operationsOf('groups.search.rpp.bounds').includes('groups.search'));
});
