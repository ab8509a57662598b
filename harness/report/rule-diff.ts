import type { Rule, RuleCatalogue } from '../types';
import { change, type SpecChange } from './spec-change';

/** Compares two rule catalogues: a rule gone or judged on fewer targets or operations is a coverage loss. */
export function diffRules(before: Pick<RuleCatalogue, 'rules'> | undefined, after: Pick<RuleCatalogue, 'rules'> | undefined): SpecChange[] {
  const old = new Map((before?.rules ?? []).map((r) => [r.id, r] as const));
  const now = new Map((after?.rules ?? []).map((r) => [r.id, r] as const));
  const changes: SpecChange[] = [];
  for (const [id, rule] of old) {
    const next = now.get(id);
    if (!next) changes.push(change(`rule ${id}`, 'removed', true, `coverage loss: nothing judges “${rule.statement}” any more`));
    else changes.push(...diffRule(rule, next));
  }
  for (const [id, rule] of now) {
    if (!old.has(id)) changes.push(change(`rule ${id}`, 'added', false, `new coverage: “${rule.statement}”`));
  }
  return changes;
}

function diffRule(old: Rule, now: Rule): SpecChange[] {
  const where = `rule ${old.id}`;
  const changes: SpecChange[] = [];
  const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
  if (differs(old.statement, now.statement)) {
    changes.push(change(where, 'statement', false, 'the rule now says something else: re-read its check', old.statement, now.statement));
  }
  if (differs(old.source, now.source)) {
    changes.push(change(where, 'source', false, 'the quoted source changed: check the rule still follows it', old.source, now.source));
  }
  if (old.level !== now.level) changes.push(change(where, 'level', false, 'the rule is classed differently', old.level, now.level));
  if (old.area !== now.area) changes.push(change(where, 'area', false, 'the rule is reported under another area', old.area, now.area));
  const lostOperations = old.operations.filter((o) => !now.operations.includes(o));
  const gainedOperations = now.operations.filter((o) => !old.operations.includes(o));
  if (lostOperations.length || gainedOperations.length) {
    changes.push(change(where, 'operations', lostOperations.length > 0, lostOperations.length
      ? 'coverage loss: judged on fewer operations'
      : 'judged on more operations', old.operations, now.operations));
  }
  const oldNeeds = old.needs ?? [];
  const newNeeds = now.needs ?? [];
  const gainedNeeds = newNeeds.filter((n) => !oldNeeds.includes(n));
  if (gainedNeeds.length || oldNeeds.some((n) => !newNeeds.includes(n))) {
    changes.push(change(where, 'needs', gainedNeeds.length > 0, gainedNeeds.length
      ? 'coverage loss: fewer targets can judge it'
      : 'more targets can judge it', oldNeeds, newNeeds));
  }
  return changes;
}
