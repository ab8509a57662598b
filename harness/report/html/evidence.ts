import type { Evidence, PropertyFailure, ToleratedQuirk } from '../../types';
import { evidenceFacts, propertyFacts, shown, type Fact } from '../evidence-text';
import { commandFile, isLong } from '../long-commands';
import { evidenceSeen } from '../seen';
import { html, type Html } from './markup';

/** Labelled facts; long or multi-line values go in <pre> so bodies keep their shape; a clipped one says how. */
function factList(facts: Fact[]): Html {
  return html`<dl class="facts-list">${facts.map(
    ([label, value, note]) =>
      html`<dt>${label}</dt><dd>${value.includes('\n') || value.length > 100 ? html`<pre>${value}</pre>` : html`<code>${value}</code>`}${note ? html`<p class="clip-note">${note}</p>` : ''}</dd>`,
  )}</dl>`;
}

/** A command the reader copies: <pre> always; the Copy button appears only with JavaScript. */
export function copyable(command: string, label: string): Html {
  return html`<div class="copyable"><pre>${command}</pre><button type="button" class="copy" hidden aria-label="${label}">Copy</button></div>`;
}

/** A command shown to copy, or, when it is long, a link to the file beside the report that holds it. */
function command(text: string, label: string, file: string): Html {
  if (!isLong(text)) return copyable(text, label);
  return html`<p class="long-command"><a href="${file}">${file}</a> (${text.length.toLocaleString('en-US')} characters: too long for this page)</p>`;
}

/**
 * One piece of a rule's evidence. The first is shown whole (bodies as excerpts); the others in brief: the request,
 * what was seen and its repro, since they repeat the first's shape and the page must stay small with many
 * failures (every body is in conformance.json).
 */
export function evidenceBlock(evidence: Evidence, index: number, ruleId: string): Html {
  if (index > 0) {
    const brief = evidenceFacts(evidence).filter(([label]) => label === 'request' || label === 'response' || label === 'pointer');
    return html`<div class="evidence brief">
<h4>${evidence.title}</h4>
${factList(brief)}
${seenLine(evidence)}
${evidence.curl ? command(evidence.curl, 'Copy the curl command', commandFile(ruleId, index)) : ''}
</div>`;
  }
  return html`<div class="evidence">
<h4>${evidence.title}</h4>
${factList(evidenceFacts(evidence))}
${evidence.curl ? html`<p class="label">Reproduce this request</p>${command(evidence.curl, 'Copy the curl command', commandFile(ruleId, index))}` : ''}
</div>`;
}

function seenLine(evidence: Evidence): Html {
  const seen = evidenceSeen(evidence);
  return seen ? html`<p class="seen-line">${seen}; the bodies are in conformance.json</p>` : html``;
}

export function propertyBlock(property: PropertyFailure): Html {
  const facts = propertyFacts(property).filter(([label]) => label !== 'replay');
  return html`<div class="property">
<h4>Shrunk counterexample</h4>
${factList(facts)}
<p class="label">Replay</p>${copyable(property.replay, 'Copy the replay command')}
</div>`;
}

export function reproBlock(repro: string, ruleId: string): Html {
  return html`<div class="repro"><h4>Reproduce</h4>${command(repro, 'Copy the repro command', commandFile(ruleId))}</div>`;
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
