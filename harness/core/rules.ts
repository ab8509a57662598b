const RULE_TAG = '@rule:';

/** The tag of an exploration's test (harness/runner register.ts): it declares no rule, its exchanges are judged with the whole run's. */
export const EXPLORATION_TAG = '@exploration';

/** The Playwright tag of a rule: `@rule:<id>` (filter a run with `--grep @rule:<id>`). */
export const ruleTag = (rule: string): string => `${RULE_TAG}${rule}`;

/** The rule IDs a test declares as tags (@rule:<id>). */
export function declaredRules(tags: readonly string[]): string[] {
  return [...new Set(tags.filter((tag) => tag.startsWith(RULE_TAG)).map((tag) => tag.slice(RULE_TAG.length)))];
}

/** Transitional: the rule ID of a literal tag (removed once every suite registers checks). */
export const ruleOfTag = (tag: `@rule:${string}`): string => tag.slice(RULE_TAG.length);
