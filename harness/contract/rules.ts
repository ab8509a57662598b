import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import type { Rule, RuleCatalogue } from '../types';
import { compileJsonSchema, describeErrors } from './json-schema-validator';
import { isOperationKey } from './operations';
import { repoPath } from './repo-path';
import catalogueSchema from './rule-catalogue.schema.json' with { type: 'json' };

export const DEFAULT_RULES_PATH = repoPath('spec/rules.yaml');

const validateShape = compileJsonSchema<RuleCatalogue>(catalogueSchema);
const loaded = new Map<string, RuleCatalogue>();

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
  return problems;
}

/** The rule catalogue (default spec/rules.yaml), validated, parsed once per path. */
export function loadRules(path: string = DEFAULT_RULES_PATH): RuleCatalogue {
  const file = resolve(path);
  const cached = loaded.get(file);
  if (cached) return cached;
  const catalogue: unknown = parse(readFileSync(file, 'utf8'));
  if (!validateShape(catalogue)) throw new Error(`rule catalogue ${path}: ${describeErrors(validateShape.errors)}`);
  const problems = crossReferenceProblems(catalogue);
  if (problems.length > 0) throw new Error(`rule catalogue ${path}: ${problems.join('; ')}`);
  loaded.set(file, catalogue);
  return catalogue;
}

/** The rule with this ID in the default catalogue; throws on an unknown ID so typos are loud. */
export function ruleById(id: string): Rule {
  const rule = loadRules().rules.find((r) => r.id === id);
  if (!rule) throw new Error(`unknown rule "${id}"`);
  return rule;
}
