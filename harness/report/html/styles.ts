import { trusted } from './markup';

/** Calm, print-friendly styling; every verdict colour comes with its word and sign. */
export const pageStyles = trusted(`
:root {
  --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --paper: #ffffff; --page: #f6f8fa;
  --pass: #1a7f37; --pass-bg: #dafbe1; --fail: #cf222e; --fail-bg: #ffebe9;
  --inconclusive: #9a6700; --inconclusive-bg: #fff8c5; --skipped: #59636e; --skipped-bg: #eaeef2;
  --error: #8250df; --error-bg: #fbefff;
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--page); color: var(--ink); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 1100px; margin: 0 auto; padding: 24px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 32px 0 12px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h2 small { font-weight: normal; color: var(--muted); font-size: 13px; margin-left: 8px; }
h4 { margin: 12px 0 4px; font-size: 14px; }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: var(--page); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; margin: 4px 0; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
a { color: #0969da; }
.muted { color: var(--muted); font-size: 13px; margin: 4px 0 0; }
.run { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: 20px 24px; }
.outcome { font-size: 18px; font-weight: 600; margin: 4px 0 12px; }
.outcome.v-fail { color: var(--fail); } .outcome.v-error { color: var(--error); } .outcome.v-pass { color: var(--pass); } .outcome.v-inconclusive { color: var(--inconclusive); }
.counts { list-style: none; display: flex; flex-wrap: wrap; gap: 8px; padding: 0; margin: 0 0 16px; }
.counts .badge { font-size: 14px; padding: 4px 12px; }
.run-facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 8px 24px; margin: 0; }
.run-facts dt { font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
.run-facts dd { margin: 0; word-break: break-all; }
.badge { display: inline-block; border-radius: 999px; padding: 1px 10px; font-size: 12px; font-weight: 700; letter-spacing: .03em; border: 1px solid; white-space: nowrap; }
.badge.v-pass { color: var(--pass); background: var(--pass-bg); }
.badge.v-fail { color: var(--fail); background: var(--fail-bg); }
.badge.v-error { color: var(--error); background: var(--error-bg); }
.badge.v-inconclusive { color: var(--inconclusive); background: var(--inconclusive-bg); }
.badge.v-skipped { color: var(--skipped); background: var(--skipped-bg); }
#failing-first { background: var(--paper); border: 1px solid var(--line); border-left: 5px solid var(--fail); border-radius: 6px; padding: 6px 16px; margin: 12px 0; }
#failing-first h2 { margin: 4px 0; font-size: 18px; }
ol.failing-first { margin: 0; padding-left: 22px; } ol.failing-first li { margin: 3px 0; }
ol.failing-first li.v-error::marker { color: var(--error); } ol.failing-first .seen { overflow-wrap: anywhere; }
.evidence.brief h4 { font-weight: 600; } .seen-line { margin: 2px 0 6px; }
.clip-note, .long-command { color: var(--muted); font-size: 13px; margin: 2px 0 6px; }
nav.toc { margin: 16px 0 0; font-size: 14px; } nav.toc a { margin-right: 14px; }
.area-chart { max-width: 100%; height: auto; background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: 8px; }
.area-chart text { font-size: 13px; fill: var(--ink); }
.area-chart .area-label { fill: #0969da; }
.area-chart .area-total { fill: var(--muted); }
.seg-pass { fill: var(--pass); } .seg-fail { fill: var(--fail); } .seg-error { fill: var(--error); } .seg-inconclusive { fill: #d4a72c; } .seg-skipped { fill: #afb8c1; }
.area-chart .seg-text-pass, .area-chart .seg-text-fail, .area-chart .seg-text-error { fill: #ffffff; font-weight: 700; }
.area-chart .seg-text-inconclusive, .area-chart .seg-text-skipped { fill: var(--ink); font-weight: 700; }
.filters { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 20px; background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: 8px 16px; margin: 24px 0 0; box-shadow: 0 1px 3px rgba(31,35,40,.08); }
.filters[hidden] { display: none; }
.filters fieldset { border: 0; padding: 0; margin: 0; display: flex; gap: 14px; align-items: center; }
.filters legend { float: left; margin-right: 10px; font-weight: 600; }
.filters output { color: var(--muted); font-size: 13px; margin-left: auto; }
.rule { background: var(--paper); border: 1px solid var(--line); border-left: 5px solid var(--skipped); border-radius: 6px; padding: 10px 16px; margin: 10px 0; }
.rule.v-pass { border-left-color: var(--pass); } .rule.v-fail { border-left-color: var(--fail); }
.rule.v-inconclusive { border-left-color: #d4a72c; } .rule.v-error { border-left-color: var(--error); }
.rule[hidden], section[hidden] { display: none; }
.rule-head { display: flex; flex-wrap: wrap; align-items: center; gap: 10px; }
.rule-id { font-weight: 700; font-size: 14px; }
.level { font-size: 12px; color: var(--muted); border: 1px solid var(--line); border-radius: 4px; padding: 0 6px; }
.statement { margin: 6px 0; }
.source { margin: 6px 0; padding: 2px 12px; border-left: 3px solid var(--line); color: var(--muted); font-size: 13px; }
.source p { margin: 0; font-style: italic; } .source cite { font-style: normal; font-size: 12px; }
.reason { background: var(--fail-bg); border-radius: 6px; padding: 6px 10px; margin: 8px 0; }
.v-inconclusive .reason { background: var(--inconclusive-bg); } .v-error .reason, .harness-error { background: var(--error-bg); }
.harness-error { border-radius: 6px; padding: 6px 10px; margin: 8px 0; } .v-skipped .reason { background: var(--skipped-bg); }
.evidence, .property, .repro, .tolerated { border-top: 1px dashed var(--line); margin-top: 10px; padding-top: 4px; }
.facts-list { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 4px 0; }
.facts-list dt { color: var(--muted); font-size: 13px; } .facts-list dd { margin: 0; min-width: 0; word-break: break-all; }
.label { margin: 8px 0 0; font-size: 13px; color: var(--muted); }
.copyable { position: relative; } .copyable pre { padding-right: 70px; }
.copy { position: absolute; top: 6px; right: 6px; font-size: 12px; padding: 2px 10px; border: 1px solid var(--line); border-radius: 4px; background: var(--paper); cursor: pointer; }
.tolerated ul { margin: 4px 0; padding-left: 20px; font-size: 13px; }
.judged { font-size: 12px; color: var(--muted); margin: 8px 0 0; }
table { border-collapse: collapse; width: 100%; background: var(--paper); font-size: 14px; }
th, td { border: 1px solid var(--line); padding: 6px 10px; text-align: left; vertical-align: top; }
thead th { background: var(--page); }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
ul.inline { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 2px 12px; }
ul.inline li.v-fail a { color: var(--fail); font-weight: 700; } ul.inline li.v-error a { color: var(--error); font-weight: 700; } ul.inline li.v-inconclusive a { color: var(--inconclusive); }
ul.inline li.v-pass a { color: var(--pass); }
.empty { color: var(--muted); }
.tally { margin: 0 0 4px; font-weight: 600; font-size: 13px; }
footer { color: var(--muted); font-size: 12px; margin: 32px 0 8px; }
@media print { .filters, .copy, nav.toc { display: none !important; } .rule { break-inside: avoid; } body { background: #fff; } }
`);
