/**
 * Rows that cover every valid pair of an operation's input space (generators/input-space.ts): each row gives
 * one valid class per parameter it sets, and together the rows hold every allowed pair of two parameters'
 * classes at least once. Greedy: each row starts from a pair not yet covered and adds, parameter by parameter,
 * the class that covers most pairs still missing. Deterministic for an operation.
 */
import type { OperationKey } from '../harness/types';
import { inputSpace, pairId } from './input-space';

/** One row: parameter -> class name (the part after `=`). */
export type PairwiseRow = Record<string, string>;

export function pairwiseRows(op: OperationKey): PairwiseRow[] {
  const space = inputSpace(op);
  const allowed = new Set(space.pairs);
  const uncovered = new Set(space.pairs);
  const byParameter = new Map<string, string[]>();
  for (const c of space.classes) {
    if (c.invalid || c.id.endsWith('=omitted')) continue;
    byParameter.set(c.parameter, [...(byParameter.get(c.parameter) ?? []), c.id]);
  }
  const parameters = [...byParameter.keys()];
  const rows: PairwiseRow[] = [];
  while (uncovered.size > 0) {
    const [first] = uncovered;
    const [a, b] = first!.split(' & ') as [string, string];
    const chosen = [a, b];
    for (const parameter of parameters) {
      if (chosen.some((id) => id.startsWith(`${parameter}=`))) continue;
      let best: string | undefined;
      let bestGain = 0;
      for (const candidate of byParameter.get(parameter)!) {
        if (chosen.some((id) => !allowed.has(pairId(id, candidate)))) continue;
        const gain = chosen.filter((id) => uncovered.has(pairId(id, candidate))).length;
        if (gain > bestGain) [best, bestGain] = [candidate, gain];
      }
      if (best) chosen.push(best);
    }
    for (let i = 0; i < chosen.length; i += 1) for (let j = i + 1; j < chosen.length; j += 1) uncovered.delete(pairId(chosen[i]!, chosen[j]!));
    rows.push(Object.fromEntries(chosen.map((id) => [id.slice(0, id.indexOf('=')), id.slice(id.indexOf('=') + 1)])));
  }
  return rows;
}
