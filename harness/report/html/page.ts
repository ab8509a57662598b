import type { ConformanceReport } from '../../types';
import { groupByArea, type AreaGroup, type ReportCatalogue } from '../catalogue';
import { areaChart } from './area-chart';
import { contactsSection } from './contacts';
import { coverageSection } from './coverage';
import { failingFirst } from './failing-first';
import { filterForm } from './filters';
import { anchor, html, type Html } from './markup';
import { failureReference, harnessErrorBlock, ruleCard } from './rule-card';
import { outcomeSentence, runFacts, runHeader } from './run-header';
import { pageScript } from './script';
import { silentPointsSection } from './silent-points';
import { inputSpaceSection } from './input-space';
import { explorationsSection } from './explorations';
import { outageSection } from './outage';
import { pageStyles } from './styles';

/**
 * conformance.html: one self-contained page (inline CSS, SVG and script; no network) for a release sign-off.
 * Reads only the report and the catalogue's area titles, so it renders any conformance.json, merged or old.
 */
export function renderHtml(report: ConformanceReport, catalogue: ReportCatalogue): string {
  const groups = groupByArea(report.rules, catalogue.areas);
  const host = hostOf(report.target.baseUrl);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>EMS conformance: ${outcomeSentence(report)} (${host})</title>
<style>${pageStyles}</style>
</head>
<body>
<main>
${runHeader(report)}
${failingFirst(report)}
${runFacts(report)}
<nav class="toc" aria-label="Sections"><a href="#failures">Failures</a><a href="#harness-errors">Harness errors</a>${report.outage ? html`<a href="#outage">Outage</a>` : ''}<a href="#areas">Rules by area</a><a href="#coverage">Coverage</a><a href="#contacts">Created contacts</a></nav>
<section id="overview">
<h2>Verdicts per area</h2>
${areaChart(groups)}
</section>
${filterForm(groups)}
${failuresSection(report)}
${explorationsSection(report, catalogue)}
${harnessErrorsSection(report)}
${outageSection(report)}
<div id="areas">${groups.map(areaSection)}</div>
${coverageSection(report, catalogue)}
${inputSpaceSection(report)}
${silentPointsSection(report)}
${contactsSection(report.createdContacts)}
<footer>Rendered from conformance.json by ${report.tool} ${report.version}. Verdicts fold every judgement of a rule: fail over harness error over inconclusive over pass over skipped.</footer>
</main>
<script>${pageScript}</script>
</body>
</html>
`.text;
}

function failuresSection(report: ConformanceReport): Html {
  const failing = report.rules.filter((r) => r.verdict === 'fail');
  return html`<section id="failures"${failing.length ? html` data-rule-list` : ''}>
<h2>Failures (${failing.length})</h2>
${failing.length ? failing.map(ruleCard) : html`<p class="empty">No rule failed.</p>`}
</section>`;
}

/** Exceptions inside the harness, apart from the target's failures: the rules they kept from a verdict, and any outside a rule. */
function harnessErrorsSection(report: ConformanceReport): Html {
  const errored = report.rules.filter((r) => r.verdict === 'error');
  const outside = report.harnessErrors ?? [];
  const count = errored.length + outside.length;
  return html`<section id="harness-errors"${errored.length ? html` data-rule-list` : ''}>
<h2>Harness errors (${count})</h2>
${count ? html`<p class="muted">The harness itself threw while judging: these are not failures of the target, and the rules below have no verdict of theirs.</p>` : html`<p class="empty">No harness error.</p>`}
${outside.map((error) => harnessErrorBlock(error, error.where))}
${errored.map(ruleCard)}
</section>`;
}

function areaSection(group: AreaGroup): Html {
  const { area, rules } = group;
  return html`<section class="area" id="${anchor('area', area.id)}" data-rule-list>
<h2>${area.title}${area.section ? html`<small>${area.section}</small>` : ''}</h2>
${rules.map((rule) => (rule.verdict === 'fail' || rule.verdict === 'error' ? failureReference(rule) : ruleCard(rule)))}
</section>`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
