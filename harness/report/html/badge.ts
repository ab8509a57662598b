import type { VerdictKind } from '../../types';
import { VERDICT_LABEL, VERDICT_SIGN } from '../verdicts';
import { html, type Html } from './markup';

/** A verdict as colour, sign and word together. */
export function verdictBadge(verdict: VerdictKind, count?: number): Html {
  return html`<span class="badge v-${verdict}"><span aria-hidden="true">${VERDICT_SIGN[verdict]}</span> ${count === undefined ? '' : `${count} `}${VERDICT_LABEL[verdict]}</span>`;
}
