import junit from 'junit-report-builder';
import type { TestCase } from 'junit-report-builder';
import type { Area, ConformanceReport, RuleResult } from '../types';
import { groupByArea } from './catalogue';
import { readings } from './drift';
import { ruleDetailsText } from './evidence-text';
import { replayLabel } from './release-summary';

/**
 * JUnit XML for CI: one testsuite per area, one testcase per rule (name = rule ID, classname = area).
 * fail -> <failure>; a harness error -> <error> (the harness threw, not the target's failure; its stack inside);
 * skipped -> <skipped>; inconclusive -> <skipped message="inconclusive: ...">, so CI never counts a rule it
 * could not judge as passed.
 */
export function renderJunit(report: ConformanceReport, areas: Area[]): string {
  const mode = report.mode === 'traffic' ? ' (recorded traffic)' : '';
  const builder = junit.newBuilder().name(`ems-conformance ${report.target.baseUrl}${mode}`);
  for (const group of groupByArea(report.rules, areas)) {
    const suite = builder.testSuite().name(group.area.id).timestamp(report.startedAt).property('title', group.area.title);
    for (const rule of group.rules) addRule(suite.testCase(), rule);
  }
  if (report.drift) addDrift(builder.testSuite().name('silent-points.drift').timestamp(report.startedAt), report.drift);
  return builder.build();
}

/**
 * Drift since the baseline, one testcase per silent point that drifted (classname silent-points.drift): a failure
 * under --fail-on drift, else a passing testcase carrying the drift in its system-out and a `drift` property, so
 * CI lists it without failing on it. No drift: one passing testcase saying so.
 */
function addDrift(suite: ReturnType<ReturnType<typeof junit.newBuilder>['testSuite']>, drift: NonNullable<ConformanceReport['drift']>): void {
  suite.property('baseline', drift.baseline);
  if (drift.points.length === 0) {
    suite.testCase().name('no drift').className('silent-points.drift').standardOutput(cdataSafe(`no silent point observed in both runs changed its reading since ${drift.baseline}`));
    return;
  }
  for (const item of drift.points) {
    const text = `${item.point}: ${readings(item.before)} -> ${readings(item.after)}`;
    const details = [text, `the documents: ${item.sentence}`, ...item.evidenceBefore.map((line) => `before: ${line}`), ...item.evidenceAfter.map((line) => `now: ${line}`)].join('\n');
    const testCase = suite.testCase().name(item.point).className('silent-points.drift').property('drift', text).standardOutput(cdataSafe(details));
    if (drift.failOnDrift) testCase.failure(cdataSafe(text), 'drift').stacktrace(cdataSafe(details));
  }
}

function addRule(testCase: TestCase, rule: RuleResult): void {
  testCase
    .name(rule.id)
    .className(rule.area)
    .property('verdict', rule.verdict)
    .property('level', rule.level)
    .property('statement', rule.statement)
    .property('source', `${rule.source.doc} > ${rule.source.section}: "${rule.source.quote}"`)
    .property('requests', String(rule.requests));
  if (rule.replays) testCase.property('replays', replayLabel(rule.replays));
  const details = cdataSafe(ruleDetailsText(rule));
  testCase.standardOutput(cdataSafe(`${rule.statement}\nsource: ${rule.source.doc} > ${rule.source.section}\n  "${rule.source.quote}"`) + (details ? `\n${details}` : ''));
  const label = rule.replays ? ` [${replayLabel(rule.replays)}]` : '';
  if (rule.verdict === 'fail') testCase.failure(`${rule.reason ?? 'failed'}${label}`, 'fail').stacktrace(details || rule.reason);
  if (rule.verdict === 'error') testCase.error(rule.reason ?? 'harness error', 'harness-error', cdataSafe(rule.harnessError?.stack ?? rule.harnessError?.message ?? ''));
  if (rule.verdict === 'skipped') skippedWithMessage(testCase, rule.reason ?? 'skipped');
  if (rule.verdict === 'inconclusive') skippedWithMessage(testCase, `inconclusive: ${rule.reason ?? 'no reason given'}`);
}

/** junit-report-builder 5 writes <skipped/> without a message; the message is added to the element it builds. */
function skippedWithMessage(testCase: TestCase, message: string): void {
  testCase.skipped();
  const build = testCase.build.bind(testCase);
  testCase.build = (parent) => {
    const element = build(parent);
    for (const child of element.children) {
      if ('name' in child && child.name === 'skipped') child.att('message', message);
    }
    return element;
  };
}

/** xmlbuilder splits only the first "]]>" of a CDATA section; evidence is target-controlled, so none may remain. */
function cdataSafe(text: string): string {
  return text.replaceAll(']]>', ']] >');
}
