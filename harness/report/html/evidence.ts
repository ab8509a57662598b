import type { Evidence, PropertyFailure, ToleratedQuirk } from '../../types';
import { evidenceFacts, propertyFacts, shown } from '../evidence-text';
import { html, type Html } from './markup';

/** Labelled facts; long or multi-line values go in <pre> so bodies keep their shape. */
function factList(facts: [string, string][]): Html {
  return html`<dl class="facts-list">${facts.map(
    ([label, value]) =>
      html`<dt>${label}</dt><dd>${value.includes('\n') || value.length > 100 ? html`<pre>${value}</pre>` : html`<code>${value}</code>`}</dd>`,
  )}</dl>`;
}

/** A command the reader copies: <pre> always; the Copy button appears only with JavaScript. */
export function copyable(command: string, label: string): Html {
  return html`<div class="copyable"><pre>${command}</pre><button type="button" class="copy" hidden aria-label="${label}">Copy</button></div>`;
}

export function evidenceBlock(evidence: Evidence): Html {
  return html`<div class="evidence">
<h4>${evidence.title}</h4>
${factList(evidenceFacts(evidence))}
${evidence.curl ? html`<p class="label">Reproduce this request</p>${copyable(evidence.curl, 'Copy the curl command')}` : ''}
</div>`;
}

export function propertyBlock(property: PropertyFailure): Html {
  const facts = propertyFacts(property).filter(([label]) => label !== 'replay');
  return html`<div class="property">
<h4>Shrunk counterexample</h4>
${factList(facts)}
<p class="label">Replay</p>${copyable(property.replay, 'Copy the replay command')}
</div>`;
}

export function reproBlock(repro: string): Html {
  return html`<div class="repro"><h4>Reproduce</h4>${copyable(repro, 'Copy the repro command')}</div>`;
}

export function toleratedBlock(quirks: ToleratedQuirk[]): Html {
  return html`<div class="tolerated">
<h4>Tolerated quirks (${quirks.length})</h4>
<ul>${quirks.map(
    (q) =>
      html`<li><strong>${q.quirk}</strong> at <code>${q.pointer}</code>: found <code>${shown(q.actual)}</code> where the documented constraint is <code>${q.constraint}</code> (${q.rule})</li>`,
  )}</ul>
</div>`;
}
