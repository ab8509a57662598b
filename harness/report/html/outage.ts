import type { ConformanceReport } from '../../types';
import { html, type Html } from './markup';

/**
 * The outage, one section: when the target (or the way to it) gave no answer, how many attempts, of which
 * operations and why, what was sent again, the writes of unknown outcome, and the rules it left inconclusive.
 * An outage decides no rule. Renders nothing for a report without one.
 */
export function outageSection(report: Pick<ConformanceReport, 'outage'>): Html {
  const outage = report.outage;
  if (!outage) return html``;
  const counts = (of: Record<string, number>) => Object.entries(of).sort((a, b) => b[1] - a[1]).map(([name, n], index) => html`${index ? ', ' : ''}<code>${name}</code> ${n}`);
  return html`<section id="outage">
<h2>Outage (${outage.attempts} attempt(s) without an answer)</h2>
<p class="muted">Requests that got no answer of the target's: the connection was refused, reset or timed out, or a gateway answered 502/503/504 without the target's envelope. An outage decides no rule: the rules that needed those exchanges are inconclusive, and the run is partial.</p>
<table class="outage"><tbody>
<tr><th scope="row">When</th><td>${outage.first} to ${outage.last}</td></tr>
<tr><th scope="row">Reasons</th><td>${counts(outage.reasons)}</td></tr>
<tr><th scope="row">Operations</th><td>${counts(outage.operations)}</td></tr>
<tr><th scope="row">Sent again</th><td>${outage.resent} resend(s); ${outage.recovered} request(s) then answered; ${outage.unanswered} left without an answer</td></tr>
<tr><th scope="row">Writes of unknown outcome</th><td>${outage.writesUnknown} (never sent again; the judges allow both outcomes)</td></tr>
<tr><th scope="row">Rules inconclusive on it</th><td>${outage.rules.length ? outage.rules.map((rule, index) => html`${index ? ', ' : ''}<code>${rule}</code>`) : 'none'}</td></tr>
</tbody></table>
</section>`;
}
