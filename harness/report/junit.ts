import junit from 'junit-report-builder';
import type { TestCase } from 'junit-report-builder';
import type { Area, ConformanceReport, RuleResult } from '../types';
import { groupByArea } from './catalogue';
import { ruleDetailsText } from './evidence-text';

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
  return builder.build();
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
  const details = cdataSafe(ruleDetailsText(rule));
  testCase.standardOutput(cdataSafe(`${rule.statement}\nsource: ${rule.source.doc} > ${rule.source.section}\n  "${rule.source.quote}"`) + (details ? `\n${details}` : ''));
  if (rule.verdict === 'fail') testCase.failure(rule.reason ?? 'failed', 'fail').stacktrace(details || rule.reason);
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
