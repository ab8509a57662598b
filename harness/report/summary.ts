import { join } from 'node:path';
import type { ConformanceReport, RuleResult } from '../types';
import { countsInWords, durationInWords } from './verdicts';

/** One screen of text for the console at the end of a run or of `npm run report`. */
export function renderSummary(report: ConformanceReport, outDir = 'reports'): string {
  const { target } = report;
  const failing = report.rules.filter((r) => r.verdict === 'fail');
  const inconclusive = report.rules.filter((r) => r.verdict === 'inconclusive');
  const mock = target.embeddedMock ? `embedded mock${target.faults.length ? `, faults ${target.faults.join(', ')}` : ''}` : 'external target';
  const lines = [
    `conformance: ${target.baseUrl} (profile ${target.profile}; ${mock})`,
    `  ${durationInWords(report.durationMs)}, ${report.requests} requests, seed ${report.seed}`,
    `  ${countsInWords(report.counts)}`,
  ];
  if (failing.length) lines.push('', `failing (${failing.length}):`, ...failing.map(oneLine));
  if (inconclusive.length) lines.push('', `inconclusive (${inconclusive.length}):`, ...inconclusive.map(oneLine));
  lines.push(
    '',
    `reports: ${join(outDir, 'conformance.html')}  ${join(outDir, 'junit.xml')}  ${join(outDir, 'conformance.json')}`,
  );
  return lines.join('\n');
}

function oneLine(rule: RuleResult): string {
  const reason = (rule.reason ?? '').replace(/\s+/g, ' ').trim();
  const short = reason.length > 110 ? `${reason.slice(0, 107)}...` : reason;
  return `  ${rule.id}${short ? `  ${short}` : ''}`;
}
