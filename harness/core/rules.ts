import { loadRules } from '../contract';
import type { Rule } from '../types';

let byId: Map<string, Rule> | undefined;

/** The rule of the catalogue (spec/rules.yaml) with this ID, or undefined. */
export function findRule(id: string): Rule | undefined {
  byId ??= new Map(loadRules().rules.map((rule) => [rule.id, rule]));
  return byId.get(id);
}

const RULE_TAG = '@rule:';

/** The rule IDs a test declares as tags (@rule:<id>). */
export function declaredRules(tags: readonly string[]): string[] {
  return [...new Set(tags.filter((tag) => tag.startsWith(RULE_TAG)).map((tag) => tag.slice(RULE_TAG.length)))];
}

/**
 * The rule ID of one literal tag, for tests made in a loop: each case carries its tag as a literal
 * (`'@rule:groups.search.status.filter'`), so one grep of a rule ID finds its check.
 */
export function ruleOfTag(tag: `@rule:${string}`): string {
  return tag.slice(RULE_TAG.length);
}
