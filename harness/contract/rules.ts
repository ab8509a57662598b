import { resolve } from 'node:path';
import type { OperationKey, Rule, RuleCatalogue, ValidatedPart } from '../types';
import { compileJsonSchema, describeErrors } from './json-schema-validator';
import { isOperationKey, OPERATION_KEYS } from './operations';
import { readParsedYaml } from './parsed-cache';
import { repoPath } from './repo-path';
import catalogueSchema from './rule-catalogue.schema.json' with { type: 'json' };

export const DEFAULT_RULES_PATH = repoPath('spec/rules.yaml');

const loaded = new Map<string, RuleCatalogue>();
let byId: Map<string, Rule> | undefined;

/** What is wrong with a catalogue beyond its shape: duplicate IDs, unknown areas or operations. */
function crossReferenceProblems(catalogue: RuleCatalogue): string[] {
  const areas = new Set(catalogue.areas.map((a) => a.id));
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const rule of catalogue.rules) {
    if (seen.has(rule.id)) problems.push(`duplicate rule ID ${rule.id}`);
    seen.add(rule.id);
    if (!areas.has(rule.area)) problems.push(`${rule.id}: unknown area ${rule.area}`);
    for (const op of rule.operations) if (!isOperationKey(op)) problems.push(`${rule.id}: unknown operation ${op}`);
  }
  // One rule per validated part and operation: an issue of the validator belongs to exactly one rule.
  for (const op of OPERATION_KEYS) {
    for (const part of ['envelope', 'datetime-format', 'payload'] as const) {
      const owners = catalogue.rules.filter((rule) => rule.validates === part && rule.operations.includes(op));
      if (owners.length > 1) problems.push(`${owners.map((rule) => rule.id).join(' and ')} both validate the ${part} of ${op}`);
    }
  }
  return problems;
}

/** Checks a freshly parsed catalogue: its shape (rule-catalogue.schema.json), then its cross-references. */
function checkedCatalogue(path: string): (value: unknown) => RuleCatalogue {
  return (catalogue) => {
    const validateShape = compileJsonSchema<RuleCatalogue>(catalogueSchema);
    if (!validateShape(catalogue)) throw new Error(`rule catalogue ${path}: ${describeErrors(validateShape.errors)}`);
    const problems = crossReferenceProblems(catalogue);
    if (problems.length > 0) throw new Error(`rule catalogue ${path}: ${problems.join('; ')}`);
    return catalogue;
  };
}

/**
 * The rule catalogue (default spec/rules.yaml), validated, parsed once per path. A catalogue is checked
 * when its text is first parsed; the parsed-form cache (parsed-cache.ts) only ever holds checked ones.
 */
export function loadRules(path: string = DEFAULT_RULES_PATH): RuleCatalogue {
  const file = resolve(path);
  const cached = loaded.get(file);
  if (cached) return cached;
  const catalogue = readParsedYaml(file, { salt: JSON.stringify([catalogueSchema, OPERATION_KEYS]), accept: checkedCatalogue(path) });
  loaded.set(file, catalogue);
  return catalogue;
}

/** The rule of the default catalogue with this ID, or undefined. */
export function findRule(id: string): Rule | undefined {
  byId ??= new Map(loadRules().rules.map((rule) => [rule.id, rule]));
  return byId.get(id);
}

/**
 * The rule of the default catalogue that validates a part of an answer of the operation (Rule.validates),
 * or undefined. One rule validates the envelope and the datetime format of every operation; each operation's
 * payload has its own.
 */
export function validatingRule(part: ValidatedPart, op?: OperationKey): Rule | undefined {
  return loadRules().rules.find((rule) => rule.validates === part && (op === undefined || rule.operations.includes(op)));
}

/** The rule with this ID in the default catalogue; throws on an unknown ID so typos are loud. */
export function ruleById(id: string): Rule {
  const rule = findRule(id);
  if (!rule) throw new Error(`unknown rule "${id}"`);
  return rule;
}
