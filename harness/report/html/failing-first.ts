import type { ConformanceReport } from '../../types';
import { seenInWords } from '../seen';
import { anchor, html, type Html } from './markup';

/**
 * What the page opens with when a rule failed or the harness threw: one line per rule, its ID linking to its card
 * and what was seen (harness/report/seen.ts), before any chart, fact or table.
 */
export function failingFirst(report: ConformanceReport): Html {
  const failing = report.rules.filter((rule) => rule.verdict === 'fail');
  const errored = report.rules.filter((rule) => rule.verdict === 'error');
  if (failing.length + errored.length === 0) return html``;
  const line = (rule: ConformanceReport['rules'][number], kind: string) =>
    html`<li class="v-${rule.verdict}"><a href="#${anchor('rule', rule.id)}"><code class="rule-id">${rule.id}</code></a> <span class="seen">${kind}${seenInWords(rule)}</span></li>`;
  return html`<section id="failing-first" aria-label="Failing rules">
<h2>Failing rules (${failing.length})${errored.length ? html` and harness errors (${errored.length})` : ''}</h2>
<ol class="failing-first">${failing.map((rule) => line(rule, ''))}${errored.map((rule) => line(rule, 'harness error, not the target: '))}</ol>
</section>`;
}
