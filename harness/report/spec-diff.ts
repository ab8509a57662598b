import type { RuleCatalogue } from '../types';
import { diffFields } from './field-diff';
import { diffRules } from './rule-diff';
import { change, type SpecChange } from './spec-change';
import { specView, type OperationView } from './spec-view';

export type { SpecChange } from './spec-change';

export interface SpecDiff {
  changes: SpecChange[];
  breaking: number;
}

export interface SpecVersion {
  /** The parsed OpenAPI document. */
  openapi: unknown;
  /** The parsed rule catalogue; without it on both sides rules are not compared. */
  rules?: Pick<RuleCatalogue, 'rules'>;
}

/** What changed for conformance between two versions of spec/openapi.yaml (and spec/rules.yaml). Pure. */
export function diffSpecs(before: SpecVersion, after: SpecVersion): SpecDiff {
  const old = specView(before.openapi);
  const now = specView(after.openapi);
  const changes: SpecChange[] = [];

  for (const [key, operation] of old.operations) {
    const next = now.operations.get(key);
    if (!next) {
      changes.push(change(operationLabel(operation), 'removed', true, 'clients calling it are no longer served'));
      continue;
    }
    changes.push(...diffFields(operation.parameters, next.parameters, 'request', (path) => `${operationLabel(next)} parameter ${path}`));
    changes.push(...diffFields(operation.responses, next.responses, 'response', (path) => `${operationLabel(next)} response ${path}`));
  }
  for (const [key, operation] of now.operations) {
    if (!old.operations.has(key)) changes.push(change(operationLabel(operation), 'added', false, 'a new operation'));
  }

  for (const [name, fields] of old.schemas) {
    const next = now.schemas.get(name);
    const label = (path: string) => `schema ${name}${path ? ` field ${path}` : ''}`;
    if (!next) changes.push(change(label(''), 'removed', true, 'responses are no longer described by it'));
    else changes.push(...diffFields(fields, next, 'response', label));
  }
  for (const name of now.schemas.keys()) {
    if (!old.schemas.has(name)) changes.push(change(`schema ${name}`, 'added', false, 'a new schema'));
  }

  if (before.rules || after.rules) changes.push(...diffRules(before.rules, after.rules));
  return { changes, breaking: changes.filter((c) => c.breaking).length };
}

function operationLabel(operation: OperationView): string {
  return operation.name ? `${operation.key} (${operation.name})` : operation.key;
}

/** The diff as console text, breaking changes first. */
export function renderSpecDiff(diff: SpecDiff): string {
  if (diff.changes.length === 0) return 'spec diff: nothing changed that matters for conformance';
  const line = (c: SpecChange) => {
    const values = c.before !== undefined || c.after !== undefined ? `: ${shortValue(c.before)} -> ${shortValue(c.after)}` : '';
    return `  ${c.where}  ${c.change}${values}\n      ${c.reason}`;
  };
  const breaking = diff.changes.filter((c) => c.breaking);
  const other = diff.changes.filter((c) => !c.breaking);
  return [
    `spec diff: ${diff.changes.length} changes, ${diff.breaking} breaking`,
    ...(breaking.length ? ['', 'BREAKING', ...breaking.map(line)] : []),
    ...(other.length ? ['', 'not breaking', ...other.map(line)] : []),
  ].join('\n');
}

function shortValue(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
