import { readFileSync } from 'node:fs';
import type { FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { loadRules, repoPath } from '../contract';
import { outageOf } from './outage';
import { ANNOTATION, EXPLORATION_TAG, discardRunExchanges, judgeWholeRun, workerTarget, mergeCoverage, withWholeRun, type Annotation, type CoverageRecord, type TargetAnnotation } from '../runner';
import { declaredRules, foldVerdicts, harnessErrorOf, harnessErrorVerdict, oneLine, redactorFromEnv, reportDir } from '../core';
import type { ConformanceReport, CreatedContact, ExplorationFailure, Rule, RuleResult, Verdict, VerdictKind } from '../types';
import { withFailingCases } from './failing-cases';
import { withExplorationReplay, withReplay } from './replay';
import { answerCoverage, inputCoverage } from './input-coverage';
import { observeSilentPoints } from '../silent';
import { loadTrafficFile, type RecordedTraffic } from '../exchanges';
import type { Target } from '../core';
import { specBasisOf, specOperations } from './rule-basis';
import { writeReportFiles } from './write';

export interface ConformanceReporterOptions {
  /** Where the report files go (default EMS_REPORT_DIR, else reports/ at the repository root). */
  outputDir?: string;
}

/** A traffic run's recording (`--har`, the proxy) and its target, for the silent points it shows; undefined in a live run. */
function recordedRun(env: Record<string, string | undefined>): { traffic: RecordedTraffic; target: Target } | undefined {
  if (!env.EMS_TRAFFIC_FILE) return undefined;
  try {
    const target = workerTarget(env);
    return { traffic: loadTrafficFile(env.EMS_TRAFFIC_FILE, target).traffic, target };
  } catch {
    return undefined; // an unreadable recording is each rule's harness error already
  }
}

/** What one test left behind (its last result's annotations), and how long it ran. */
export interface TestOutcome {
  title: string;
  /** The rules the test declares (its @rule: tags). */
  declared: string[];
  /** The test's duration (its last result). */
  durationMs: number;
  verdicts: Verdict[];
  target?: TargetAnnotation;
  coverage?: CoverageRecord;
  createdContacts: CreatedContact[];
  /** An exploration's shortest sequences the model rejected an answer of. */
  explorations?: ExplorationFailure[];
}

/**
 * Folds the `ems-verdict` annotations of every test per rule (fail > error > inconclusive > pass >
 * skipped), gives every other rule of the catalogue its reason, and writes reports/conformance.json.
 * Reads only annotations, so it works the same on a live run and on `playwright merge-reports`.
 */
export default class ConformanceReporter implements Reporter {
  private readonly outputDir: string;
  private readonly selected = new Set<string>();
  private readonly outcomes = new Map<string, TestOutcome>();
  /** A test failed (a rule failed, a check broke or timed out), whether or not Playwright expected it (fixtures.ts keeps the worker). */
  private someTestFailed = false;
  /** Why the run could not be judged whole (its exchanges unreadable), for the report's harnessErrors. */
  private wholeRunError: { where: string; message: string; stack?: string } | undefined;

  constructor(options: ConformanceReporterOptions = {}) {
    this.outputDir = options.outputDir ?? reportDir(process.env);
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(_config: unknown, suite: Suite): void {
    for (const test of suite.allTests()) for (const rule of declaredRules(test.tags)) this.selected.add(rule);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'failed' || result.status === 'timedOut') this.someTestFailed = true;
    try {
      this.outcomes.set(test.id, testOutcome(test, result));
    } catch (error) {
      // What one test left cannot be read: its rules get the harness error, every other test's verdicts stand.
      const declared = declaredRules(test.tags);
      const verdicts = declared.map((rule) => harnessErrorVerdict(rule, new Error(`the reporter could not read what the test left: ${oneLine(error)}`)));
      this.outcomes.set(test.id, { title: test.title, declared, durationMs: result.duration ?? 0, verdicts, createdContacts: [] });
    }
  }

  /** The whole run's verdicts (every worker's exchanges) of the selected rules whose needs the target meets. */
  private async judgeWholeRun(outcomes: readonly TestOutcome[]) {
    const unmet = outcomes.find((outcome) => outcome.target)?.target?.unmetNeeds ?? {};
    try {
      return await judgeWholeRun({ env: process.env, rules: [...this.selected].filter((rule) => !unmet[rule]) });
    } catch (error) {
      // The run's exchanges could not be judged whole: the tests' own verdicts stand, and the report says why.
      this.wholeRunError = { where: 'the whole run\'s judgement', ...harnessErrorOf(error) };
      return undefined;
    } finally {
      discardRunExchanges(process.env);
    }
  }

  /**
   * Writes the report; and where a test failed that Playwright counted as expected (its worker kept), turns
   * Playwright's status to failed, so that `npx playwright test` exits 1 as it would have had the worker gone.
   */
  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    let report: ConformanceReport;
    try {
      const outcomes = [...this.outcomes.values()];
      const whole = await this.judgeWholeRun(outcomes);
      report = buildReport(outcomes, this.selected, result, whole?.verdicts);
      if (this.wholeRunError) report.harnessErrors = [...(report.harnessErrors ?? []), this.wholeRunError];
      const observed = whole ?? recordedRun(process.env);
      if (whole) report.inputCoverage = { ...inputCoverage(whole.traffic), answers: answerCoverage(whole.traffic, whole.target) };
      if (observed) {
        const { traffic, target } = observed;
        // Requests that got no answer of the target's: one section, never a failure (harness/report/outage.ts).
        const outage = outageOf(traffic, report.rules);
        if (outage) report.outage = outage;
        // What the target chose where the documents are silent: facts of the run, never verdicts (an observer that throws is a harness error).
        const observerErrors: { where: string; message: string; stack?: string }[] = [];
        report.silentPoints = observeSilentPoints(traffic, target, (point, error) =>
          observerErrors.push({ where: `the observer of silent point ${point}`, ...harnessErrorOf(error) }),
        );
        if (observerErrors.length > 0) report.harnessErrors = [...(report.harnessErrors ?? []), ...observerErrors];
      }
      // Judged whole, the run failed where a rule fails: a test whose live judge failed on what its worker alone had seen does not fail it.
      if (whole) this.someTestFailed = report.counts.fail > 0;
    } catch (error) {
      console.error(`conformance reporter: harness error building the report: ${oneLine(error)}`);
      report = buildReport([], new Set(), result);
      report.harnessErrors = [{ where: 'the conformance reporter (building the report)', ...harnessErrorOf(error) }];
    }
    try {
      await writeReportFiles(redactorFromEnv(process.env).value(report), this.outputDir);
    } catch (error) {
      console.error(`conformance reporter: could not write the report: ${oneLine(error)}`);
    }
    return this.someTestFailed && result.status === 'passed' ? { status: 'failed' } : undefined;
  }
}

/** What a test left behind, read from its result's annotations (the fault matrix reads them per project too). */
export function testOutcome(test: TestCase, result: TestResult): TestOutcome {
  const annotations: Annotation[] = result.annotations ?? test.annotations;
  const json = (annotation: Annotation): unknown => JSON.parse(annotation.description ?? 'null');
  const of = (type: string) => annotations.filter((annotation) => annotation.type === type).map(json);
  return {
    title: test.titlePath().filter(Boolean).join(' › '),
    declared: declaredRules(test.tags),
    durationMs: result.duration ?? 0,
    verdicts: of(ANNOTATION.verdict) as Verdict[],
    target: of(ANNOTATION.target)[0] as TargetAnnotation | undefined,
    coverage: of(ANNOTATION.coverage)[0] as CoverageRecord | undefined,
    createdContacts: of(ANNOTATION.createdContacts).flat() as CreatedContact[],
    explorations: of(ANNOTATION.exploration) as ExplorationFailure[],
  };
}

/** The run's ConformanceReport from what its tests left behind. */
export function buildReport(
  outcomes: readonly TestOutcome[],
  selected: ReadonlySet<string>,
  run: Pick<FullResult, 'startTime' | 'duration' | 'status'>,
  whole?: ReadonlyMap<string, Verdict>,
): ConformanceReport {
  const target = outcomes.find((outcome) => outcome.target)?.target;
  const catalogue = loadRules().rules;
  const judged = catalogue.map((rule) => ruleResult(rule, outcomes, selected, target?.unmetNeeds ?? {}, run.status, whole?.get(rule.id)));
  const withReplays = target ? judged.map((rule) => (rule.verdict === 'fail' ? replayed(rule, outcomes, target) : rule)) : judged;
  // Each failing case keyed for baselines, and the spec the run was judged under (harness/report/rule-basis.ts).
  const operations = specOperations();
  const rules = withFailingCases(withReplays, catalogue, [...outcomes.flatMap((outcome) => outcome.verdicts), ...(whole?.values() ?? [])], operations);
  const failing = new Set(rules.filter((rule) => rule.verdict === 'fail').map((rule) => rule.id));
  const coverage = mergeCoverage(outcomes.flatMap((outcome) => (outcome.coverage ? [outcome.coverage] : [])));
  const counts: Record<VerdictKind, number> = { pass: 0, fail: 0, error: 0, inconclusive: 0, skipped: 0 };
  for (const rule of rules) counts[rule.verdict] += 1;
  const explorations = outcomes.flatMap((outcome) => (outcome.explorations ?? []).map((exploration) => (target ? withExplorationReplay(exploration, runOf(target), EXPLORATION_TAG) : exploration)));
  return {
    tool: 'ems-conformance',
    version: toolVersion(),
    mode: target?.mode ?? 'active',
    ...(target?.traffic ? { traffic: target.traffic } : {}),
    target: target ? targetOf(target) : NO_TARGET,
    startedAt: run.startTime.toISOString(),
    durationMs: Math.round(run.duration),
    seed: target?.seed ?? 0,
    counts,
    requests: coverage.requests,
    ...(coverage.rateLimited ? { rateLimited: coverage.rateLimited } : {}),
    coverage: coverage.params,
    rules,
    createdContacts: distinctContacts(outcomes.flatMap((outcome) => outcome.createdContacts)),
    specBasis: specBasisOf(catalogue.filter((rule) => failing.has(rule.id)), operations),
    ...(explorations.length > 0 ? { explorations } : {}),
  };
}

/** A failing rule with the replay of the first test that failed it (the run's target, faults, seed and path). */
function replayed(rule: RuleResult, outcomes: readonly TestOutcome[], target: TargetAnnotation): RuleResult {
  const failing = outcomes.find((outcome) => outcome.verdicts.some((verdict) => verdict.rule === rule.id && verdict.verdict === 'fail'));
  const testRules = failing && failing.declared.length > 0 ? failing.declared : [rule.id];
  return withReplay(rule, runOf(target), { testRules, seed: target.seed });
}

/** What a replay names of the run: its mode, recordings and target. */
function runOf(target: TargetAnnotation): Pick<ConformanceReport, 'mode' | 'traffic' | 'target'> {
  return { mode: target.mode ?? 'active', ...(target.traffic ? { traffic: target.traffic } : {}), target: targetOf(target) };
}

function ruleResult(
  rule: Rule,
  outcomes: readonly TestOutcome[],
  selected: ReadonlySet<string>,
  unmetNeeds: Readonly<Record<string, string>>,
  runStatus: FullResult['status'],
  whole: Verdict | undefined,
): RuleResult {
  const live = outcomes.flatMap((outcome) => outcome.verdicts.filter((v) => v.rule === rule.id).map((verdict) => ({ verdict, title: outcome.title })));
  // The whole run's verdict decides over the live ones (harness/runner/whole-run.ts); live failures and harness errors stay.
  // A run that ended early (interrupted, timed out) and whose rule no test judged stays unfinished, whatever the whole run could not decide.
  const cutShort = (runStatus === 'interrupted' || runStatus === 'timedout') && live.length === 0 && whole?.verdict === 'inconclusive';
  const titled = new Map<Verdict, string>([...live.map((j) => [j.verdict, j.title] as const), ...(whole && !cutShort ? [[whole, WHOLE_RUN] as const] : [])]);
  const judged = withWholeRun(live.map((j) => j.verdict), cutShort ? undefined : whole).map((verdict) => ({ verdict, title: titled.get(verdict)! }));
  const declaring = outcomes.filter((outcome) => outcome.declared.includes(rule.id));
  const base = { id: rule.id, area: rule.area, statement: rule.statement, source: rule.source, level: rule.level };
  // The time of the tests that declared the rule (not of those that judged it on the side).
  const time = declaring.length > 0 ? { durationMs: Math.round(declaring.reduce((sum, outcome) => sum + outcome.durationMs, 0)) } : {};
  if (judged.length > 0) {
    const { verdict, reason: folded, evidence, repro, property, tolerated, harnessError, transportFailure } = foldVerdicts(rule.id, judged.map((j) => j.verdict));
    // The requests its tests sent (the whole run's verdict reads them, and every other test's, but sends none).
    const requests = live.reduce((sum, j) => sum + j.verdict.requests, 0);
    // A rule no selected test declares was only met on the side (the client checks every answer's schema and
    // envelope): that is no judgement of it, so it counts as not selected; a deviation seen is still a failure.
    const sideOnly = !selected.has(rule.id);
    if (sideOnly && verdict !== 'fail' && verdict !== 'error') {
      return { ...base, verdict: 'skipped', reason: `not selected in this run (checked on the side of the selected tests: ${verdict})`, evidence: [], tolerated: [], requests: 0, tests: [], ...time };
    }
    const reason = sideOnly ? `${folded} (seen on the side of the selected tests; the rule was not selected)` : folded;
    return {
      ...base,
      verdict,
      ...(reason ? { reason } : {}),
      evidence,
      ...(repro ? { repro } : {}),
      ...(property ? { property } : {}),
      tolerated: tolerated ?? [],
      requests,
      tests: [...new Set([...live, ...judged].map((j) => j.title))],
      ...time,
      ...(harnessError ? { harnessError } : {}),
      ...(transportFailure ? { transportFailure } : {}),
    };
  }
  return { ...base, ...unjudged(rule, selected, unmetNeeds, runStatus), evidence: [], tolerated: [], requests: 0, tests: [], ...time };
}

/** The title under which a rule's verdict over the whole run is listed among its tests. */
export const WHOLE_RUN = 'the whole run (every exchange of every worker)';

function unjudged(
  rule: Rule,
  selected: ReadonlySet<string>,
  unmetNeeds: Readonly<Record<string, string>>,
  runStatus: FullResult['status'],
): { verdict: VerdictKind; reason: string } {
  const unmet = unmetNeeds[rule.id];
  if (unmet) return { verdict: 'skipped', reason: unmet };
  if (!selected.has(rule.id)) return { verdict: 'skipped', reason: 'not selected in this run' };
  if (runStatus === 'interrupted' || runStatus === 'timedout') {
    return { verdict: 'inconclusive', reason: `unfinished: the run ended (${runStatus}) before a test judged it` };
  }
  return { verdict: 'inconclusive', reason: 'no test recorded a verdict' };
}

/** The report's target when no test left one (none ran): the reporter knows only what the tests annotated. */
const NO_TARGET: ConformanceReport['target'] = {
  baseUrl: '(unknown: no test ran)',
  authUrl: '',
  profile: '(unknown)',
  embeddedMock: false,
  allowWrites: false,
  faults: [],
};

function targetOf({ baseUrl, authUrl, profile, embeddedMock, allowWrites, faults, replay }: TargetAnnotation): ConformanceReport['target'] {
  return { baseUrl, authUrl, profile, embeddedMock, allowWrites, faults, ...(replay ? { replay } : {}) };
}

function distinctContacts(contacts: CreatedContact[]): CreatedContact[] {
  const byEmail = new Map<string, CreatedContact>();
  for (const contact of contacts) byEmail.set(contact.email, { ...byEmail.get(contact.email), ...contact });
  return [...byEmail.values()];
}

function toolVersion(): string {
  const manifest = JSON.parse(readFileSync(repoPath('package.json'), 'utf8')) as { version: string };
  return manifest.version;
}
