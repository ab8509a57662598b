import type { AreaGroup } from '../catalogue';
import { VERDICT_LABEL, VERDICTS } from '../verdicts';
import { html, type Html } from './markup';

/** Verdict and area filters. Hidden until the page's script shows them, so a page without JavaScript shows everything. */
export function filterForm(groups: AreaGroup[]): Html {
  return html`<form id="filters" class="filters" hidden>
<fieldset><legend>Show verdicts</legend>${VERDICTS.map(
    (v) => html`<label class="v-${v}"><input type="checkbox" name="verdict" value="${v}" checked> ${VERDICT_LABEL[v].toLowerCase()}</label>`,
  )}</fieldset>
<label>Area <select name="area"><option value="">all areas</option>${groups.map(
    (g) => html`<option value="${g.area.id}">${g.area.title}</option>`,
  )}</select></label>
<output name="shown" aria-live="polite"></output>
</form>`;
}
