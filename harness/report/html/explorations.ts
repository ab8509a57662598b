import type { ConformanceReport } from '../../types';
import type { ReportCatalogue } from '../catalogue';
import { failingRulesOf } from '../summary';
import { copyable, evidenceBlock } from './evidence';
import { html, type Html } from './markup';

/**
 * The stateful exploration's shortest sequences the model rejected an answer of (conformance.json
 * `explorations`): the steps, the rejected answer as evidence, and the replay. The rules' verdicts stay their
 * own: a sequence here shows how to reach a deviation that the rules named in the failures judge.
 */
export function explorationsSection(report: ConformanceReport, catalogue: ReportCatalogue): Html {
  const explorations = report.explorations ?? [];
  if (explorations.length === 0) return html``;
  return html`<section id="explorations">
<h2>Stateful exploration (${explorations.length})</h2>
<p class="muted">Random sequences of every operation, each answer checked against the model of the documents (harness/model); the shortest sequence found that gets an answer the model rejects.</p>
${explorations.map((exploration, index) => html`<div class="exploration">
<h3>${exploration.test}: ${exploration.steps.length} step(s), seed ${exploration.seed}</h3>
<ol class="steps">${exploration.steps.map((step) => html`<li><code>${step}</code></li>`)}</ol>
${exploration.op ? html`<p>${failingRulesOf(report, catalogue, exploration.op)}</p>` : ''}
${evidenceBlock(exploration.evidence, 0, `exploration-${index + 1}`)}
<p class="label">Replay</p>${copyable(exploration.replay, 'Copy the replay command')}
</div>`)}
</section>`;
}
