import type { ConformanceReport } from '../../types';
import { readings } from '../drift';
import { html, type Html } from './markup';

/**
 * What the target chose where the documents are silent (spec/silent-points.yaml): each point's readings as the run
 * saw them, facts and never verdicts; and with --baseline, the points whose readings drifted since the baseline's
 * run, with evidence from both, and those one run only observed. Renders nothing for a report without them.
 */
export function silentPointsSection(report: Pick<ConformanceReport, 'silentPoints' | 'drift'>): Html {
  const points = report.silentPoints ?? [];
  const drift = report.drift;
  if (points.length === 0 && !drift) return html``;
  const drifted = new Set((drift?.points ?? []).map((item) => item.point));
  return html`<section id="silent-points">
<h2>Silent points (${points.length})</h2>
<p class="muted">Where interface.md leaves a choice open, what this target chose. Facts of the target, never verdicts.</p>
${drift ? driftBlock(drift) : ''}
${points.length ? html`<table class="silent-points"><thead><tr><th scope="col">Point</th><th scope="col">Readings</th><th scope="col">The documents</th><th scope="col">Evidence</th></tr></thead>
<tbody>${points.map((point) => html`<tr${drifted.has(point.point) ? html` class="drifted"` : ''}><td><code>${point.point}</code></td><td>${readings(point.readings)}</td><td>${point.sentence}</td><td>${point.evidence.map((line) => html`<div><code>${line}</code></div>`)}</td></tr>`)}</tbody></table>` : ''}
</section>`;
}

function driftBlock(drift: NonNullable<ConformanceReport['drift']>): Html {
  const gate = drift.failOnDrift ? 'fails the run (--fail-on drift)' : 'does not fail the run (--fail-on drift would)';
  return html`<h3>Drift since ${drift.baseline} (${drift.points.length})</h3>
${drift.points.length === 0 ? html`<p class="empty">No silent point observed in both runs changed its reading.</p>` : html`<p>Drift ${gate}.</p>
<ul class="drift">${drift.points.map((item) => html`<li><code>${item.point}</code>: ${readings(item.before)} → ${readings(item.after)}<br><small>${item.sentence}</small>
${item.evidenceBefore.map((line) => html`<div>before: <code>${line}</code></div>`)}${item.evidenceAfter.map((line) => html`<div>now: <code>${line}</code></div>`)}</li>`)}</ul>`}
${drift.observedOnce.length ? html`<p>Observed in one run only, not drift: ${drift.observedOnce.map((item, index) => html`${index ? ', ' : ''}<code>${item.point}</code> (${readings(item.readings)}, ${item.in} only)`)}</p>` : ''}`;
}
