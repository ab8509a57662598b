/**
 * What a run was judged under, kept in its conformance.json so that a later run using it as a baseline can tell
 * a rule that changed since: the content hashes of spec/openapi.yaml and spec/rules.yaml, and for each failing
 * rule its view (the catalogue entry, and the constraints of the parameters that bear on it: those whose x-rules
 * name it, else every parameter of its operations). A view is small and self-contained, so a baseline carries
 * what it needs to be diffed without the old spec text; the diff is spec-diff's (rule-diff.ts, field-diff.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEFAULT_RULES_PATH, DEFAULT_SPEC_PATH, loadSpec, OPERATION_KEYS, operationInfo, operationParameters } from '../contract';
import type { Rule, RuleView, SpecBasis } from '../types';
import type { OperationFacts, ParamFacts } from './case-key';
import { diffFields } from './field-diff';
import { diffRules } from './rule-diff';
import type { SpecChange } from './spec-change';
import type { Constraints, FieldMap } from './spec-view';

const CONSTRAINTS = ['type', 'format', 'enum', 'default', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'minLength', 'maxLength', 'minItems', 'maxItems', 'required'] as const;

/** The operations of spec/openapi.yaml with their parameters, as the case key reads them. */
export function specOperations(specPath: string = DEFAULT_SPEC_PATH): OperationFacts[] {
  const spec = loadSpec(specPath);
  return OPERATION_KEYS.flatMap((key) => {
    try {
      return [{ key, path: operationInfo(key, spec).path, parameters: operationParameters(key, spec) as Record<string, ParamFacts> }];
    } catch {
      return [];
    }
  });
}

/** The content hash of a file (sha256, hex). */
export function fileSha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** The basis of a run: the hashes of the spec and rule files, and the views of the rules given (its failing ones). */
export function specBasisOf(rules: readonly Rule[], operations: readonly OperationFacts[], paths = { openapi: DEFAULT_SPEC_PATH, rules: DEFAULT_RULES_PATH }): SpecBasis {
  return {
    openapiSha256: fileSha256(paths.openapi),
    rulesSha256: fileSha256(paths.rules),
    rules: Object.fromEntries(rules.map((rule) => [rule.id, ruleViewOf(rule, operations)])),
  };
}

/** A rule's view: the catalogue entry and its parameters' constraints, `operation name` (and `operation name[]` for an array's items). */
export function ruleViewOf(rule: Rule, operations: readonly OperationFacts[]): RuleView {
  const ofRule = operations.filter((operation) => rule.operations.includes(operation.key as Rule['operations'][number]));
  const naming = ofRule.some((operation) => Object.values(operation.parameters).some((facts) => facts['x-rules']?.includes(rule.id)));
  const parameters: RuleView['parameters'] = {};
  for (const operation of ofRule) {
    for (const [name, facts] of Object.entries(operation.parameters)) {
      if (naming && !facts['x-rules']?.includes(rule.id)) continue;
      parameters[`${operation.key} ${name}`] = constraintsOf(facts);
      if (facts.items) parameters[`${operation.key} ${name}[]`] = constraintsOf(facts.items);
    }
  }
  return { rule, parameters };
}

/**
 * What changed in a rule between the view a baseline kept and the view now, as spec-diff names it (statement,
 * source, operations, parameters added or removed, bounds, enums, defaults, required). A rule gone is one change.
 */
export function ruleChanges(before: RuleView, now: RuleView | undefined): SpecChange[] {
  // The area a rule is reported under is no change of what it judges.
  const rules = diffRules({ rules: [before.rule] }, { rules: now ? [now.rule] : [] }).filter((change) => change.change !== 'area');
  if (!now) return rules;
  const fields = diffFields(fieldMap(before.parameters), fieldMap(now.parameters), 'request', (path) => `rule ${before.rule.id} parameter ${path}`);
  return [...rules, ...fields];
}

function constraintsOf(facts: ParamFacts): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of CONSTRAINTS) {
    const value = (facts as Record<string, unknown>)[key];
    if (value !== undefined) picked[key] = value;
  }
  return picked;
}

function fieldMap(parameters: RuleView['parameters']): FieldMap {
  return new Map(Object.entries(parameters).map(([path, constraints]) => [path, constraints as Constraints]));
}
