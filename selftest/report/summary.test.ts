import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderSummary } from '../../harness/report/write';
import { sampleReport } from './fixtures/sample-report';

const summary = renderSummary(sampleReport(), 'reports');

test('the summary names the target, profile, duration and counts', () => {
  assert.match(summary, /^conformance: http:\/\/127\.0\.0\.1:4010\/v1 \(profile service; embedded mock, faults rpp-clamped\)/);
  assert.match(summary, /1m 24s, 38 requests, seed 1234/);
  assert.match(summary, /1 fail, 1 inconclusive, 3 pass, 1 skipped/);
});

test('failing rules are listed with their reason, inconclusive ones too', () => {
  assert.match(summary, /failing \(1\):\n {2}groups\.search\.rpp\.bounds {2}rpp=251 was accepted/);
  assert.match(summary, /inconclusive \(1\):\n {2}emails\.search\.date-range {2}unfinished/);
  assert.doesNotMatch(summary, /auth\.token\.missing/);
});

test('the summary says where the files are and fits one screen', () => {
  assert.match(summary, /reports\/conformance\.html {2}reports\/junit\.xml {2}reports\/conformance\.json/);
  assert.ok(summary.split('\n').length < 25);
});
