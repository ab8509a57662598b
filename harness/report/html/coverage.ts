import type { ConformanceReport, RuleResult } from '../../types';
import type { ReportCatalogue } from '../catalogue';
import { VERDICT_SIGN, VERDICTS } from '../verdicts';
import { anchor, html, type Html } from './markup';

interface OperationCoverage {
  operation: string;
  judged: RuleResult[];
  notJudged: RuleResult[];
  parameters: [name: string, count: number][];
  requests: number;
}

/** Per operation: the rules judged against it, the parameters the run sent, and the requests of those rules. */
export function operationCoverage(report: ConformanceReport, catalogue: ReportCatalogue): OperationCoverage[] {
  const rulesOf = new Map<string, RuleResult[]>();
  for (const rule of report.rules) {
    for (const operation of catalogue.operationsOf(rule.id)) {
      rulesOf.set(operation, [...(rulesOf.get(operation) ?? []), rule]);
    }
  }
  const operations = [...new Set([...rulesOf.keys(), ...Object.keys(report.coverage)])].sort();
  return operations.map((operation) => {
    const rules = rulesOf.get(operation) ?? [];
    return {
      operation,
      judged: rules.filter((r) => r.verdict !== 'skipped'),
      notJudged: rules.filter((r) => r.verdict === 'skipped'),
      parameters: Object.entries(report.coverage[operation] ?? {}).sort(([a], [b]) => a.localeCompare(b)),
      requests: rules.reduce((sum, r) => sum + r.requests, 0),
    };
  });
}

export function coverageSection(report: ConformanceReport, catalogue: ReportCatalogue): Html {
  const rows = operationCoverage(report, catalogue);
  return html`<section id="coverage">
<h2>Coverage</h2>
<p>${report.requests} requests in total. “Requests” per operation adds up the requests of the rules judged against it, so a rule spanning several operations counts in each.</p>
<table class="coverage">
<thead><tr><th scope="col">Operation</th><th scope="col">Rules judged</th><th scope="col">Parameters sent (requests)</th><th scope="col">Requests</th></tr></thead>
<tbody>${rows.map(coverageRow)}</tbody>
</table>
</section>`;
}

function coverageRow(row: OperationCoverage): Html {
  return html`<tr>
<th scope="row"><code>${row.operation}</code></th>
<td><p class="tally">${tally(row.judged)}</p><ul class="inline">${row.judged.map(
    (r) => html`<li class="v-${r.verdict}"><a href="#${anchor('rule', r.id)}">${VERDICT_SIGN[r.verdict]} ${r.id}</a></li>`,
  )}</ul>${row.notJudged.length ? html`<p class="muted">not judged (skipped): ${row.notJudged.map((r) => r.id).join(', ')}</p>` : ''}</td>
<td>${row.parameters.length ? html`<ul class="inline">${row.parameters.map(([name, count]) => html`<li><code>${name}</code> ×${count}</li>`)}</ul>` : html`<span class="muted">none recorded</span>`}</td>
<td class="number">${row.requests}</td>
</tr>`;
}

/** "2 fail · 20 pass": how the judged rules of an operation came out. */
function tally(rules: RuleResult[]): string {
  const counts = VERDICTS.map((v) => [v, rules.filter((r) => r.verdict === v).length] as const).filter(([, n]) => n > 0);
  return counts.length ? counts.map(([v, n]) => `${n} ${v}`).join(' · ') : 'no rule judged';
}
