import type { VerdictKind } from '../../types';
import type { AreaGroup } from '../catalogue';
import { VERDICT_LABEL, VERDICT_SIGN, VERDICTS } from '../verdicts';
import { anchor, html, type Html } from './markup';

const LABEL_WIDTH = 240;
const BAR_WIDTH = 440;
const ROW = 30;
const BAR = 20;
const LEGEND = 34;

/** Inline SVG: one stacked bar per area, segment length = number of rules with that verdict, numbers written in. */
export function areaChart(groups: AreaGroup[]): Html {
  const largest = Math.max(1, ...groups.map((g) => g.rules.length));
  const unit = BAR_WIDTH / largest;
  const height = LEGEND + groups.length * ROW;
  const width = LABEL_WIDTH + BAR_WIDTH + 60;
  const description = groups
    .map((g) => `${g.area.title}: ${VERDICTS.map((v) => `${countOf(g, v)} ${v}`).join(', ')}`)
    .join('; ');
  return html`<svg class="area-chart" role="img" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<title>Verdicts per area. ${description}</title>
${legend()}
${groups.map((group, row) => areaRow(group, LEGEND + row * ROW, unit))}
</svg>`;
}

function countOf(group: AreaGroup, verdict: VerdictKind): number {
  return group.rules.filter((r) => r.verdict === verdict).length;
}

function legend(): Html {
  return html`<g class="legend">${VERDICTS.map(
    (v, i) =>
      html`<rect class="seg-${v}" x="${LABEL_WIDTH + i * 135}" y="6" width="14" height="14" rx="2"/><text x="${LABEL_WIDTH + i * 135 + 20}" y="18">${VERDICT_SIGN[v]} ${VERDICT_LABEL[v].toLowerCase()}</text>`,
  )}</g>`;
}

function areaRow(group: AreaGroup, y: number, unit: number): Html {
  let x = LABEL_WIDTH;
  const segments = VERDICTS.map((verdict) => {
    const count = countOf(group, verdict);
    if (count === 0) return '';
    const w = count * unit;
    const segment = html`<g><title>${group.area.title}: ${count} ${verdict}</title><rect class="seg-${verdict}" x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${BAR}"/>${
      w >= 8 * String(count).length + 6 ? html`<text class="seg-text-${verdict}" x="${(x + w / 2).toFixed(1)}" y="${y + 14}" text-anchor="middle">${count}</text>` : ''
    }</g>`;
    x += w;
    return segment;
  });
  return html`<a href="#${anchor('area', group.area.id)}"><text class="area-label" x="${LABEL_WIDTH - 10}" y="${y + 14}" text-anchor="end">${group.area.title}</text></a>
${segments}
<text class="area-total" x="${x + 8}" y="${y + 14}">${group.rules.length}</text>`;
}
