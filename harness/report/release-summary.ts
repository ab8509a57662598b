/**
 * The release-verification summary: one screen a person reads in a release review, from a run compared with a
 * baseline (release-compare.ts): new, rule changed since the baseline, still failing, flaky, fixed, stale, drift.
 */
import type { ReplayOutcome } from '../types';
import { renderDrift } from './drift';
import type { CaseEntry, FailingEntry, ReleaseComparison } from './release-compare';

export interface BaselineFacts {
  /** The baseline file as given. */
  file: string;
  startedAt?: string;
}

export function renderReleaseSummary(comparison: ReleaseComparison, baseline: BaselineFacts): string {
  const lines = [`release verification against ${baseline.file}${baseline.startedAt ? ` (run of ${baseline.startedAt})` : ''}`];
  const spec = comparison.specChanged;
  if (!spec) lines.push('  the baseline records no spec version: a rule changed since cannot be told');
  else if (spec.openapi || spec.rules) lines.push(`  changed since the baseline: ${[spec.openapi ? 'spec/openapi.yaml' : '', spec.rules ? 'spec/rules.yaml' : ''].filter(Boolean).join(', ')}`);
  const { newEntries, ruleChanged, stillFailing, flaky, fixed, stale } = comparison;
  const drift = comparison.silentPoints.drift.length;
  lines.push(`  new ${newEntries.length}, rule changed ${ruleChanged.length}, still failing ${stillFailing.length}, flaky ${flaky.length}, fixed ${fixed.length}, stale ${stale.length}, drift ${drift}`);
  section(lines, 'new: failing cases the baseline does not hold', newEntries.map((entry) => `${caseLine(entry)}${entry.ruleFailedBefore ? '  (the rule failed otherwise in the baseline)' : ''}`));
  section(lines, 'rule changed since the baseline: its known failure no longer excuses it', ruleChanged.flatMap((entry) => [
    caseLine(entry),
    ...entry.changes.slice(0, 4).map((change) => `      ${change.where} ${change.change}${change.before !== undefined || change.after !== undefined ? `: ${short(change.before)} -> ${short(change.after)}` : ''}`),
  ]));
  section(lines, 'still failing, excused by the baseline', stillFailing.map(caseLine));
  section(lines, 'flaky: failures that did not reproduce on every replay', flaky.map(caseLine));
  section(lines, 'fixed: baseline entries whose rule passes now', fixed.map(plainLine));
  section(lines, 'stale: baseline entries this run could not judge', stale.map((entry) => `${plainLine(entry)}  ${entry.why}`));
  const driftLines = renderDrift(comparison.silentPoints);
  if (driftLines.length) lines.push('', ...driftLines);
  return lines.join('\n');
}

/** A replay outcome as one label: `stable 3/3`, `flaky 1/3`, `not reproduced 0/3`, `not replayed (why)`. */
export function replayLabel(replays: ReplayOutcome): string {
  const seeds = replays.newSeeds ? `; new seed${replays.newSeeds.runs === 1 ? '' : 's'}: failed ${replays.newSeeds.failed}/${replays.newSeeds.runs}` : '';
  if (replays.label === 'not replayed') return `not replayed${replays.note ? ` (${replays.note})` : ''}`;
  return `${replays.label} ${replays.reproduced}/${replays.replays}${seeds}`;
}

function section(lines: string[], title: string, items: string[]): void {
  if (items.length === 0) return;
  lines.push('', `${title}:`, ...items);
}

function caseLine(entry: FailingEntry): string {
  return `${plainLine(entry)}${entry.replays ? `  [${replayLabel(entry.replays)}]` : ''}`;
}

function plainLine(entry: CaseEntry): string {
  return `  ${entry.rule}  ${entry.operation}  ${entry.key}`;
}

function short(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
