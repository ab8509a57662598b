import { loadRules } from '../contract';
import type { Capability, Rule } from '../types';

/** Why a rule cannot be judged on this target ("needs writes: set EMS_ALLOW_WRITES=1"), or undefined. */
export function unmetNeeds(rule: Rule, capabilities: ReadonlySet<Capability>): string | undefined {
  const missing = (rule.needs ?? []).filter((need) => !capabilities.has(need));
  if (missing.length === 0) return undefined;
  return missing.map((need) => `needs ${need}: ${howToMeet(need)}`).join('; ');
}

/** Every rule of the catalogue this target cannot judge, with the reason: what a test annotates for the reporter. */
export function unmetNeedsByRule(capabilities: ReadonlySet<Capability>): Record<string, string> {
  const unmet: Record<string, string> = {};
  for (const rule of loadRules().rules) {
    const reason = unmetNeeds(rule, capabilities);
    if (reason) unmet[rule.id] = reason;
  }
  return unmet;
}

function howToMeet(need: Capability): string {
  switch (need) {
    case 'writes':
      return 'set EMS_ALLOW_WRITES=1 (--allow-writes)';
    case 'token:noGroups':
      return 'set EMS_TOKEN_NO_GROUPS (--token-no-groups)';
    case 'token:noImport':
      return 'set EMS_TOKEN_NO_IMPORT (--token-no-import)';
    case 'token:app':
      return 'set EMS_TOKEN_APP (--token-app)';
    default:
      return `add fixtures.${need.slice('fixture:'.length)} to the target profile`;
  }
}
