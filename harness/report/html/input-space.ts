import type { ConformanceReport } from '../../types';
import { html, type Html } from './markup';

/** The input-space coverage (harness/report/input-coverage.ts): classes and valid pairs exercised, per operation, and what was not. */
export function inputSpaceSection(report: ConformanceReport): Html {
  const coverage = report.inputCoverage;
  if (!coverage) return html``;
  const rows = Object.entries(coverage.operations).map(
    ([op, entry]) => html`<tr><td><code>${op}</code></td><td>${entry.classes.covered}/${entry.classes.total} (${entry.classes.percent} %)</td><td>${entry.pairs.covered}/${entry.pairs.total} (${entry.pairs.percent} %)</td><td>${[...entry.classes.missing, ...entry.pairs.missing].slice(0, 12).join('; ') || '—'}${Object.keys(entry.notSent ?? {}).length ? html`<br><small>never sent: ${Object.entries(entry.notSent ?? {}).map(([id, why]) => `${id} (${why})`).join('; ')}</small>` : ''}</td></tr>`,
  );
  return html`<section id="input-space">
<h2>Input space</h2>
<p>The classes of each operation's parameters (spec/openapi.yaml: omitted, each enum value, outside the enum, the bounds, inside and outside them, one or several items) and the valid pairs of two parameters' classes that the run's requests exercised: ${coverage.classes.covered}/${coverage.classes.total} classes (${coverage.classes.percent} %), ${coverage.pairs.covered}/${coverage.pairs.total} pairs (${coverage.pairs.percent} %).</p>
<table class="coverage"><thead><tr><th>operation</th><th>classes</th><th>pairs</th><th>not exercised (first ones)</th></tr></thead><tbody>${rows}</tbody></table>
</section>`;
}
