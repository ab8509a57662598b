import type { RuleResult } from '../../types';
import { replayLabel } from '../release-summary';
import { html, type Html } from './markup';

/** A failing rule's replay label (stable, flaky k/n, not reproduced), for its card; nothing when it was not replayed. */
export function replayNote(rule: Pick<RuleResult, 'replays'>): Html {
  return rule.replays ? html`<p class="replays"><strong>Replays:</strong> ${replayLabel(rule.replays)}</p>` : html``;
}
