/**
 * The harness-error outcome in every report: apart from failures in the console summary, the HTML (its own
 * section and colour) and JUnit (<error>, not <failure>); a renderer that throws is recorded in the JSON; the
 * exit code a report implies puts a harness error (4) below a failure (1) and above a partial run (3).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runExit } from '../../harness/report/exit-code';
import { renderHtml } from '../../harness/report/html/page';
import { renderJunit } from '../../harness/report/junit';
import { renderSummary, writeReportFiles } from '../../harness/report/write';
import type { ConformanceReport } from '../../harness/types';
import { countVerdicts, rule, sampleCatalogue, sampleReport } from './fixtures/sample-report';

const STACK = 'TypeError: x is undefined\n    at run (checks/auth/auth.token.invalid.ts:12:7)';

function withHarnessError(report: ConformanceReport = sampleReport()): ConformanceReport {
  const errored = rule('auth.token.invalid', 'auth', 'error', { reason: 'harness error: TypeError: x is undefined', harnessError: { message: 'TypeError: x is undefined', stack: STACK } });
  const rules = [...report.rules, errored];
  return { ...report, rules, counts: countVerdicts(rules) };
}

const withoutFailure = (report: ConformanceReport): ConformanceReport => {
  const rules = report.rules.filter((result) => result.verdict !== 'fail');
  return { ...report, rules, counts: countVerdicts(rules) };
};

describe('the harness-error outcome in the reports', () => {
  test('should list harness errors apart from failures in the console summary', () => {
    const summary = renderSummary(withHarnessError(), 'reports');
    assert.match(summary, /1 fail, 1 harness error, 1 inconclusive/);
    assert.match(summary, /harness errors \(1\), not failures of the target \(stacks in conformance\.json\):\n {2}auth\.token\.invalid {2}harness error: TypeError/);
    assert.doesNotMatch(summary.split('harness errors')[0]!.split('failing (1):')[1] ?? '', /auth\.token\.invalid/);
  });

  test('should write a harness error as <error> with its stack in JUnit, never as <failure>', () => {
    const xml = renderJunit(withHarnessError(), sampleCatalogue.areas);
    const testcase = /<testcase[^>]*name="auth\.token\.invalid"[\s\S]*?<\/testcase>/.exec(xml)?.[0] ?? '';
    assert.match(testcase, /<error message="harness error: TypeError: x is undefined" type="harness-error">[\s\S]*checks\/auth\/auth\.token\.invalid\.ts:12:7/);
    assert.doesNotMatch(testcase, /<failure/);
  });

  test('should show harness errors in their own section and colour of the HTML, with the stack', () => {
    const html = renderHtml(withoutFailure(withHarnessError()), sampleCatalogue);
    const section = /<section id="harness-errors"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    assert.match(section, /<h2>Harness errors \(1\)<\/h2>/);
    assert.match(section, /class="rule v-error"[\s\S]*auth\.token\.invalid[\s\S]*checks\/auth\/auth\.token\.invalid\.ts:12:7/);
    assert.match(html, /<p class="outcome v-error">No rule fails, but 1 harness error kept the run from judging everything<\/p>/);
    assert.match(html, /\.badge\.v-error \{ color: var\(--error\)/);
    assert.doesNotMatch(/<section id="failures"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '', /auth\.token\.invalid/);
  });

  test('should record a renderer that throws as a harness error in conformance.json, and write the JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ems-report-'));
    try {
      const broken = { ...sampleCatalogue, areas: null as unknown as typeof sampleCatalogue.areas };
      await writeReportFiles(withoutFailure(sampleReport()), dir, broken);
      const json = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
      assert.deepEqual(json.harnessErrors?.map((error) => error.where), [join(dir, 'conformance.html'), join(dir, 'junit.xml')]);
      assert.ok(json.harnessErrors?.every((error) => error.message && error.stack));
      assert.equal(runExit(json, { acceptPartial: true }).code, 4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('should exit 1 on a failure, else 4 on a harness error, else 3 on a partial run, else 0', () => {
    const partial = withoutFailure(sampleReport());
    assert.equal(runExit(withHarnessError(), { acceptPartial: false }).code, 1);
    assert.equal(runExit(withoutFailure(withHarnessError()), { acceptPartial: false }).code, 4);
    assert.equal(runExit(withoutFailure(withHarnessError()), { acceptPartial: true }).code, 4);
    assert.equal(runExit(partial, { acceptPartial: false }).code, 3);
    assert.equal(runExit(partial, { acceptPartial: true }).code, 0);
    const clean = { ...partial, rules: partial.rules.filter((result) => result.verdict !== 'inconclusive') };
    assert.equal(runExit(clean, { acceptPartial: false, playwrightExit: 0 }).code, 0);
    assert.equal(runExit(clean, { acceptPartial: false, playwrightExit: 1 }).code, 4, 'Playwright failing while no rule fails is a harness error');
    assert.equal(runExit(withHarnessError(), { acceptPartial: false, gatingFailures: 0 }).code, 4, 'an old failure with --fail-on new leaves the harness error');
    assert.equal(runExit(withHarnessError(), { acceptPartial: false, gatingFailures: 1 }).code, 1);
  });
});
