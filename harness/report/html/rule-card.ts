import type { HarnessError, RuleResult } from '../../types';
import { verdictBadge } from './badge';
import { evidenceBlock, propertyBlock, reproBlock, toleratedBlock } from './evidence';
import { anchor, html, type Html } from './markup';
import { replayNote } from './replay-note';

function cardHead(rule: RuleResult): Html {
  return html`<header class="rule-head">${verdictBadge(rule.verdict)} <code class="rule-id">${rule.id}</code> <span class="level">${rule.level}</span></header>
<p class="statement">${rule.statement}</p>`;
}

function sourceQuote(rule: RuleResult): Html {
  return html`<blockquote class="source"><p>“${rule.source.quote}”</p><cite>${rule.source.doc} › ${rule.source.section}</cite></blockquote>`;
}

function ruleAttributes(rule: RuleResult): Html {
  return html`class="rule v-${rule.verdict}" data-verdict="${rule.verdict}" data-area="${rule.area}"`;
}

function judgedBy(rule: RuleResult): Html {
  const tests = rule.tests.length ? rule.tests.join('; ') : 'no test';
  return html`<p class="judged">Judged by ${tests} · ${rule.requests} request${rule.requests === 1 ? '' : 's'}</p>`;
}

/** A rule in full: statement, source, and for anything but a pass the reason, evidence, counterexample and repro. */
export function ruleCard(rule: RuleResult): Html {
  const judged = rule.verdict !== 'pass';
  return html`<article ${ruleAttributes(rule)} id="${anchor('rule', rule.id)}">
${cardHead(rule)}
${sourceQuote(rule)}
${judged && rule.reason ? html`<p class="reason"><strong>Reason:</strong> ${rule.reason}</p>` : ''}
${replayNote(rule)}
${rule.harnessError ? harnessErrorBlock(rule.harnessError) : ''}
${judged ? rule.evidence.map((evidence, index) => evidenceBlock(evidence, index, rule.id)) : ''}
${judged && rule.property ? propertyBlock(rule.property) : ''}
${judged && rule.repro ? reproBlock(rule.repro, rule.id) : ''}
${rule.tolerated.length ? toleratedBlock(rule.tolerated) : ''}
${judgedBy(rule)}
</article>`;
}

/** A failing rule (or one with a harness error) inside its area: the essentials and a link to its full card above. */
export function failureReference(rule: RuleResult): Html {
  const where = rule.verdict === 'error' ? 'The stack under Harness errors ↑' : 'Evidence and repro under Failures ↑';
  return html`<article ${ruleAttributes(rule)}>
${cardHead(rule)}
${rule.reason ? html`<p class="reason"><strong>Reason:</strong> ${rule.reason}</p>` : ''}
<p class="judged"><a href="#${anchor('rule', rule.id)}">${where}</a></p>
</article>`;
}

/** An exception inside the harness: not the target's failure; its stack, for whoever maintains the harness. */
export function harnessErrorBlock(error: HarnessError, where?: string): Html {
  return html`<div class="harness-error">
<h4>Harness error${where ? html` in ${where}` : ''}: not a failure of the target</h4>
<p><code>${error.message}</code></p>
${error.stack ? html`<pre>${error.stack}</pre>` : ''}
</div>`;
}
