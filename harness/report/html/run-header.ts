import type { ConformanceReport } from '../../types';
import { durationInWords, VERDICTS } from '../verdicts';
import { verdictBadge } from './badge';
import { html, type Html } from './markup';

/** The run's outcome in one sentence, the sentence a sign-off quotes. */
export function outcomeSentence(report: ConformanceReport): string {
  const { fail, inconclusive } = report.counts;
  const errors = (report.counts.error ?? 0) + (report.harnessErrors?.length ?? 0);
  const total = report.rules.length;
  if (fail > 0) return `${fail} of ${total} rules fail${errors > 0 ? `; ${errors} harness error${errors === 1 ? '' : 's'}` : ''}`;
  if (errors > 0) return `No rule fails, but ${errors} harness error${errors === 1 ? '' : 's'} kept the run from judging everything`;
  if (inconclusive > 0) return `No rule fails; ${inconclusive} of ${total} could not be judged`;
  return `No rule fails; every judged rule passes`;
}

/** The page's head: the outcome and the counts (the failing rules follow it, then runFacts). */
export function runHeader(report: ConformanceReport): Html {
  const errors = (report.counts.error ?? 0) + (report.harnessErrors?.length ?? 0);
  const outcome = report.counts.fail > 0 ? 'fail' : errors > 0 ? 'error' : report.counts.inconclusive > 0 ? 'inconclusive' : 'pass';
  return html`<header class="run">
<h1>EMS API conformance</h1>
<p class="outcome v-${outcome}">${outcomeSentence(report)}</p>
<ul class="counts">${VERDICTS.map((v) => html`<li>${verdictBadge(v, report.counts[v] ?? 0)}</li>`)}</ul>
</header>`;
}

/** What was run against what: target, profile, writes, seed, duration. */
export function runFacts(report: ConformanceReport): Html {
  const { target } = report;
  const facts: [string, string][] = [
    ['Target', target.baseUrl],
    ['Auth URL', target.authUrl],
    ['Profile', target.profile],
    ['Embedded mock', target.embeddedMock ? 'yes' : 'no, an external target'],
    ['Mock faults', target.faults.length ? target.faults.join(', ') : 'none'],
    ['Writes allowed', target.allowWrites ? 'yes' : 'no'],
    ['Started', report.startedAt],
    ['Duration', durationInWords(report.durationMs)],
    ['Seed', String(report.seed)],
    ['Requests', String(report.requests)],
    ['Tool', `${report.tool} ${report.version}`],
    ...trafficFacts(report),
  ];
  return html`<dl class="run-facts">${facts.map(([label, value]) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`)}</dl>`;
}

/** A traffic run says so, and which recordings judged it (entries kept and dropped per file). */
function trafficFacts(report: ConformanceReport): [string, string][] {
  if (report.mode !== 'traffic' || !report.traffic) return [];
  const files = report.traffic.sources.map((source) => {
    const dropped = Object.entries(source.dropped).map(([why, count]) => `${count} ${why}`);
    return `${source.file}: ${source.kept} of ${source.entries} entries kept${dropped.length ? ` (dropped: ${dropped.join(', ')})` : ''}`;
  });
  return [
    ['Mode', `recorded traffic: ${report.traffic.exchanges} exchanges judged, no request sent`],
    ['Recordings', files.join('; ')],
  ];
}
