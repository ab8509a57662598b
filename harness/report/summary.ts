import { join } from 'node:path';
import type { ConformanceReport, InputCoverage, RuleResult } from '../types';
import { replayLabel } from './release-summary';
import { countsInWords, durationInWords } from './verdicts';
import { loadReportCatalogue, type ReportCatalogue } from './catalogue';
import { outageInWords } from './outage';

/** One screen of text for the console at the end of a run or of `npm run report`. */
export function renderSummary(report: ConformanceReport, outDir = 'reports', catalogue: ReportCatalogue = loadReportCatalogue()): string {
  const { target } = report;
  const failing = report.rules.filter((r) => r.verdict === 'fail');
  const errored = report.rules.filter((r) => r.verdict === 'error');
  const outside = report.harnessErrors ?? [];
  const inconclusive = report.rules.filter((r) => r.verdict === 'inconclusive');
  const traffic = report.mode === 'traffic' && report.traffic ? report.traffic : undefined;
  const mock = traffic
    ? `recorded traffic: ${traffic.exchanges} exchanges from ${traffic.sources.map((source) => source.file).join(', ')}, no request sent`
    : target.embeddedMock ? `embedded mock${target.faults.length ? `, faults ${target.faults.join(', ')}` : ''}` : 'external target';
  const lines = [
    `conformance: ${target.baseUrl} (profile ${target.profile}; ${mock})`,
    `  ${durationInWords(report.durationMs)}, ${report.requests} requests${report.rateLimited ? ` (${report.rateLimited} answered by the target's rate limit: waited out, retried, never judged)` : ''}, seed ${report.seed}`,
    `  ${countsInWords(report.counts)}`,
    ...(report.inputCoverage ? [`  ${coverageInWords(report.inputCoverage)}`] : []),
  ];
  if (failing.length) lines.push('', `failing (${failing.length}):`, ...failing.map(oneLine));
  for (const exploration of report.explorations ?? []) {
    lines.push(
      '',
      `the model rejected an answer in the stateful exploration; shortest sequence (${exploration.steps.length} step(s)): ${exploration.steps.join(' -> ')}`,
      `  ${exploration.evidence.title}`,
      ...(exploration.op ? [`  ${failingRulesOf(report, catalogue, exploration.op)}`] : []),
      `  replay: ${exploration.replay}`,
    );
  }
  if (errored.length || outside.length) {
    lines.push(
      '',
      `harness errors (${errored.length + outside.length}), not failures of the target (stacks in conformance.json):`,
      ...errored.map(oneLine),
      ...outside.map((error) => `  ${error.where}  ${error.message}`),
    );
  }
  if (inconclusive.length) lines.push('', `inconclusive (${inconclusive.length}):`, ...inconclusive.map(oneLine));
  if (report.outage) lines.push('', ...outageInWords(report.outage));
  const partial = partialRules(report);
  if (isPartial(report)) {
    const lost = report.outage?.unanswered ? `, ${report.outage.unanswered} request(s) left without an answer by an outage` : '';
    lines.push('', `partial run: ${partial.unfinished.length} rule(s) unfinished (time budget), ${partial.transport.length} inconclusive on transport failures${lost}`);
  }
  lines.push(
    '',
    `reports: ${join(outDir, 'conformance.html')}  ${join(outDir, 'junit.xml')}  ${join(outDir, 'conformance.json')}`,
  );
  return lines.join('\n');
}

/** The input space the run's requests exercised: classes and pairs, and the operations short of all. */
export function coverageInWords(coverage: InputCoverage): string {
  const short = Object.entries(coverage.operations)
    .filter(([, op]) => op.classes.percent < 100 || op.pairs.percent < 100)
    .map(([name, op]) => `${name} ${op.classes.percent}/${op.pairs.percent} %`);
  const answers = coverage.answers ? `; answers compared: ${coverage.answers.covered}/${coverage.answers.total} classes (${coverage.answers.percent} %)${coverage.answers.missing.length ? `, not allowed by the data or the run: ${coverage.answers.missing.length}` : ''}` : '';
  return `input space: ${coverage.classes.covered}/${coverage.classes.total} classes (${coverage.classes.percent} %), ${coverage.pairs.covered}/${coverage.pairs.total} pairs (${coverage.pairs.percent} %)${short.length ? `; short: ${short.join(', ')}` : ''}${answers}`;
}

function oneLine(rule: RuleResult): string {
  const reason = (rule.reason ?? '').replace(/\s+/g, ' ').trim();
  const short = reason.length > 110 ? `${reason.slice(0, 107)}...` : reason;
  return `  ${rule.id}${rule.replays ? `  [${replayLabel(rule.replays)}]` : ''}${short ? `  ${short}` : ''}`;
}

/** A reason that says the rule was left unjudged because the run ran out of time (budget, test timeout, interruption). */
const UNFINISHED = /\bunfinished\b|\btime budget\b/i;

/**
 * The inconclusive rules a run left unjudged for want of time or of answers, not because of the
 * target's data ("no archived group" is the data's answer and counts in neither list). A rule left so by an
 * outage or a rate limit carries the failure's reason in `transportFailure` (harness/runner/settle.ts); one
 * left by the time budget says "unfinished" or "time budget".
 */
export function partialRules(report: Pick<ConformanceReport, 'rules'>): { unfinished: string[]; transport: string[] } {
  const unfinished: string[] = [];
  const transport: string[] = [];
  for (const rule of report.rules) {
    if (rule.verdict !== 'inconclusive') continue;
    if (rule.transportFailure !== undefined) transport.push(rule.id);
    else if (UNFINISHED.test(rule.reason ?? '')) unfinished.push(rule.id);
  }
  return { unfinished, transport };
}

/** Whether a run is partial: rules left unjudged by the time budget or by transport failures, or requests an outage left without an answer. */
export function isPartial(report: Pick<ConformanceReport, 'rules' | 'outage'>): boolean {
  const partial = partialRules(report);
  return partial.unfinished.length + partial.transport.length > 0 || (report.outage?.unanswered ?? 0) > 0;
}

/** What the rules say of the operation an exploration's rejected answer came from: its failing rules, or that none failed. */
export function failingRulesOf(report: Pick<ConformanceReport, 'rules'>, catalogue: ReportCatalogue, op: string): string {
  const failing = report.rules.filter((rule) => rule.verdict === 'fail' && catalogue.operationsOf(rule.id).some((of) => of === op)).map((rule) => rule.id);
  return failing.length > 0 ? `failing rules of ${op}: ${failing.join(', ')}` : `no rule of ${op} failed: the sequence shows what the rules' own requests did not`;
}
