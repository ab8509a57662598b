/**
 * Baselines keyed by the failing case, following the spec: hand-made conformance.json files judged in-process
 * against the spec and rules of this repository.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadRules } from '../../harness/contract';
import { compareRelease, type CompareContext } from '../../harness/report/release-compare';
import { parseFailOn, releaseGate } from '../../harness/report/release-gate';
import { renderReleaseSummary } from '../../harness/report/release-summary';
import { ruleViewOf, specBasisOf, specOperations } from '../../harness/report/rule-basis';
import type { ConformanceReport, RuleResult, RuleView } from '../../harness/types';
import { countVerdicts, rule, sampleReport } from '../report/fixtures/sample-report';

const operations = specOperations();
const catalogue = new Map(loadRules().rules.map((entry) => [entry.id, entry] as const));
const RULE = 'groups.search.rpp.bounds';
const context: CompareContext = { operations, currentView: (id) => (catalogue.has(id) ? ruleViewOf(catalogue.get(id)!, operations) : undefined) };

function failing(url: string): RuleResult {
  return rule(RULE, 'groups.search', 'fail', {
    reason: `a message that changes with every copy edit ${Math.random()}`,
    evidence: [{ title: 'rpp outside the bounds', request: { method: 'GET', url } }],
  });
}

/** A run's report with these rules, carrying the spec basis of this repository (as the reporter writes it). */
function report(rules: RuleResult[], basis = specBasisOf([...new Set(rules.filter((r) => r.verdict === 'fail').map((r) => catalogue.get(r.id)!))], operations)): ConformanceReport {
  return { ...sampleReport(), rules, counts: countVerdicts(rules), specBasis: basis };
}

const above = () => failing(`http://127.0.0.1:${4000 + Math.floor(Math.random() * 999)}/v1/groups/search?rpp=${251 + Math.floor(Math.random() * 5000)}`);
const below = () => failing('http://127.0.0.1:4010/v1/groups/search?rpp=0');
const gateNew = parseFailOn('new');
if (typeof gateNew === 'string') throw new Error(gateNew);

test('the same target twice (other ports, values, messages) gives no new entry', () => {
  const comparison = compareRelease(report([above(), rule('auth.token.missing', 'auth', 'pass')]), report([above(), rule('auth.token.missing', 'auth', 'pass')]), context);
  assert.deepEqual(comparison.newEntries, []);
  assert.equal(comparison.stillFailing.length, 1);
  assert.deepEqual(comparison.specChanged, { openapi: false, rules: false });
  assert.equal(releaseGate(report([above()]), comparison, gateNew, 'fail').gating, 0);
});

test('a baseline holding one failing case of a rule does not excuse another failing case of that rule', () => {
  const comparison = compareRelease(report([below()]), report([above()]), context);
  assert.equal(comparison.newEntries.length, 1);
  assert.equal(comparison.newEntries[0]!.key, 'GET rpp:below-min');
  assert.equal(comparison.newEntries[0]!.ruleFailedBefore, true);
  assert.deepEqual(comparison.stale.map((entry) => entry.key), ['GET rpp:above-max']);
  assert.equal(releaseGate(report([below()]), comparison, gateNew, 'fail').gating, 1);
  assert.match(renderReleaseSummary(comparison, { file: 'old.json' }), /new: failing cases the baseline does not hold:\n {2}groups\.search\.rpp\.bounds {2}groups\.search {2}GET rpp:below-min {2}\(the rule failed otherwise in the baseline\)/);
});

test('a baseline made before the rule\'s bound changed does not excuse its failure after', () => {
  // The baseline's run was judged under a spec whose rpp maximum was 500: its view of the rule says so.
  const now = context.currentView(RULE)!;
  const before: RuleView = { rule: now.rule, parameters: { ...now.parameters, 'groups.search rpp': { ...now.parameters['groups.search rpp'], maximum: 500 } } };
  const basis = { openapiSha256: 'an-older-spec', rulesSha256: specBasisOf([], operations).rulesSha256, rules: { [RULE]: before } };
  const comparison = compareRelease(report([above()]), report([above()], basis), context);
  assert.deepEqual(comparison.newEntries, []);
  assert.deepEqual(comparison.stillFailing, []);
  assert.equal(comparison.ruleChanged.length, 1);
  assert.deepEqual(comparison.ruleChanged[0]!.changes.map((change) => [change.where, change.change, change.before, change.after]), [[`rule ${RULE} parameter groups.search rpp`, 'maximum', 500, 250]]);
  assert.equal(releaseGate(report([above()]), comparison, gateNew, 'fail').gating, 1);
  const text = renderReleaseSummary(comparison, { file: 'old.json' });
  assert.match(text, /rule changed since the baseline/);
  assert.match(text, /changed since the baseline: spec\/openapi\.yaml/);
  // A statement changed is a rule changed too.
  const reworded: RuleView = { ...now, rule: { ...now.rule, statement: 'Another statement.' } };
  const rewordedComparison = compareRelease(report([above()]), report([above()], { ...basis, rules: { [RULE]: reworded } }), context);
  assert.equal(rewordedComparison.ruleChanged[0]?.changes[0]?.change, 'statement');
});

test('fixed and stale entries are listed; an older baseline without keys or spec basis is keyed from its evidence', () => {
  const old = report([above(), failing('http://h/v1/groups/search?rpp=0')].map((r, index) => (index ? { ...r, id: 'groups.search.page.minimum' } : r)));
  const { specBasis: _dropped, ...older } = old;
  const current = report([rule(RULE, 'groups.search', 'pass'), rule('groups.search.page.minimum', 'groups.search', 'inconclusive', { reason: 'unfinished: time budget of 5 s exhausted' })]);
  const comparison = compareRelease(current, older, context);
  assert.deepEqual(comparison.fixed.map((entry) => entry.rule), [RULE]);
  assert.deepEqual(comparison.stale.map((entry) => [entry.rule, entry.why]), [['groups.search.page.minimum', 'the rule is inconclusive this run (unfinished: time budget of 5 s exhausted)']]);
  assert.equal(comparison.specChanged, undefined);
  assert.match(renderReleaseSummary(comparison, { file: 'old.json' }), /the baseline records no spec version/);
});

test('--flaky=warn: a failure that did not reproduce on every replay gates nothing; --fail-on parses lists', () => {
  const flaky = { ...above(), replays: { label: 'flaky' as const, reproduced: 1, replays: 3 } };
  const any = parseFailOn(undefined);
  assert.deepEqual(any, { failures: 'any', drift: false });
  assert.deepEqual(parseFailOn('new,drift'), { failures: 'new', drift: true });
  assert.deepEqual(parseFailOn('drift'), { failures: 'any', drift: true });
  assert.equal(typeof parseFailOn('newish'), 'string');
  assert.equal(typeof parseFailOn('any,new'), 'string');
  if (typeof any === 'string') return;
  assert.equal(releaseGate(report([flaky]), undefined, any, 'fail').gating, undefined, 'by default every failing rule gates');
  const warned = releaseGate(report([flaky]), undefined, any, 'warn');
  assert.equal(warned.gating, 0);
  assert.match(warned.notes.join('\n'), /did not reproduce on every replay/);
  const comparison = compareRelease(report([flaky]), report([]), context);
  assert.equal(comparison.flaky.length, 1);
  assert.equal(releaseGate(report([flaky]), comparison, gateNew, 'warn').gating, 0);
  assert.equal(releaseGate(report([flaky]), comparison, gateNew, 'fail').gating, 1);
});
