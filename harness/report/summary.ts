import { join } from 'node:path';
import type { ConformanceReport, InputCoverage, RuleResult } from '../types';
import { replayLabel } from './release-summary';
import { countsInWords, durationInWords } from './verdicts';
import { loadReportCatalogue, type ReportCatalogue } from './catalogue';

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
  const partial = partialRules(report);
  if (partial.unfinished.length || partial.transport.length) {
    lines.push('', `partial run: ${partial.unfinished.length} rule(s) unfinished (time budget), ${partial.transport.length} inconclusive on transport failures`);
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
  return `input space: ${coverage.classes.covered}/${coverage.classes.total} classes (${coverage.classes.percent} %), ${coverage.pairs.covered}/${coverage.pairs.total} pairs (${coverage.pairs.percent} %)${short.length ? `; short: ${short.join(', ')}` : ''}`;
}

function oneLine(rule: RuleResult): string {
  const reason = (rule.reason ?? '').replace(/\s+/g, ' ').trim();
  const short = reason.length > 110 ? `${reason.slice(0, 107)}...` : reason;
  return `  ${rule.id}${rule.replays ? `  [${replayLabel(rule.replays)}]` : ''}${short ? `  ${short}` : ''}`;
}

/** A reason that says the rule was left unjudged because the run ran out of time (budget, test timeout, interruption). */
const UNFINISHED = /\bunfinished\b|\btime budget\b/i;
/** A reason that says the rule was left unjudged because a request got no usable answer ("transport: reset ...", "a transport failure (timeout)"). */
const TRANSPORT = /\btransport(?:: | failure)/i;

/**
 * The inconclusive rules a run left unjudged for want of time or of answers, not because of the
 * target's data ("no archived group" is the data's answer and counts in neither list).
 */
export function partialRules(report: Pick<ConformanceReport, 'rules'>): { unfinished: string[]; transport: string[] } {
  const unfinished: string[] = [];
  const transport: string[] = [];
  for (const rule of report.rules) {
    if (rule.verdict !== 'inconclusive') continue;
    const reason = rule.reason ?? '';
    if (UNFINISHED.test(reason)) unfinished.push(rule.id);
    else if (TRANSPORT.test(reason)) transport.push(rule.id);
  }
  return { unfinished, transport };
}

/** What the rules say of the operation an exploration's rejected answer came from: its failing rules, or that none failed. */
export function failingRulesOf(report: Pick<ConformanceReport, 'rules'>, catalogue: ReportCatalogue, op: string): string {
  const failing = report.rules.filter((rule) => rule.verdict === 'fail' && catalogue.operationsOf(rule.id).some((of) => of === op)).map((rule) => rule.id);
  return failing.length > 0 ? `failing rules of ${op}: ${failing.join(', ')}` : `no rule of ${op} failed: the sequence shows what the rules' own requests did not`;
}
