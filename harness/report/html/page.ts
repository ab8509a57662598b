import type { ConformanceReport } from '../../types';
import { groupByArea, type AreaGroup, type ReportCatalogue } from '../catalogue';
import { areaChart } from './area-chart';
import { contactsSection } from './contacts';
import { coverageSection } from './coverage';
import { filterForm } from './filters';
import { anchor, html, type Html } from './markup';
import { failureReference, ruleCard } from './rule-card';
import { outcomeSentence, runHeader } from './run-header';
import { pageScript } from './script';
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
<nav class="toc" aria-label="Sections"><a href="#failures">Failures</a><a href="#areas">Rules by area</a><a href="#coverage">Coverage</a><a href="#contacts">Created contacts</a></nav>
<section id="overview">
<h2>Verdicts per area</h2>
${areaChart(groups)}
</section>
${filterForm(groups)}
${failuresSection(report)}
<div id="areas">${groups.map(areaSection)}</div>
${coverageSection(report, catalogue)}
${contactsSection(report.createdContacts)}
<footer>Rendered from conformance.json by ${report.tool} ${report.version}. Verdicts fold every judgement of a rule: fail over inconclusive over pass over skipped.</footer>
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

function areaSection(group: AreaGroup): Html {
  const { area, rules } = group;
  return html`<section class="area" id="${anchor('area', area.id)}" data-rule-list>
<h2>${area.title}${area.section ? html`<small>${area.section}</small>` : ''}</h2>
${rules.map((rule) => (rule.verdict === 'fail' ? failureReference(rule) : ruleCard(rule)))}
</section>`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
