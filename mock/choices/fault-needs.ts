import type { ChoiceMap } from './choices';

/**
 * The readings a fault needs to show (the fault matrix draws every other point at random): a fault that breaks
 * its rule only under one reading of a silent point names that reading here.
 * - A token accepted in the querystring or the body (`accessToken`) shows only where the mock reads that
 *   parameter at all: under `requests.unknown-parameters=refused` it refuses it as a parameter it does not know,
 *   which the rule accepts (the token is refused either way).
 * - An A/B split parent whose parentEmailID search finds nothing shows only where a manual search lists the sends
 *   beside their parents (`emails.ab-sends-in-manual=parents-and-sends`): under parents-only, no documented read
 *   says what the parent's sends are, so nothing can say the empty answer is wrong.
 * - status applied to automated and transactional searches needs a mock that reads status there at all
 *   (`emails.status-outside-manual=validated`): under not-read the mock never sees it outside manual searches.
 */
export const FAULT_NEEDS: Readonly<Record<string, ChoiceMap>> = {
  'auth-query-token-accepted': { 'requests.unknown-parameters': 'ignored' },
  'auth-body-token-accepted': { 'requests.unknown-parameters': 'ignored' },
  'emails-ab-parent-finds-nothing': { 'emails.ab-sends-in-manual': 'parents-and-sends' },
  'emails-status-applied-to-automated': { 'emails.status-outside-manual': 'validated' },
};

export function faultNeeds(fault: string): ChoiceMap {
  return Object.hasOwn(FAULT_NEEDS, fault) ? FAULT_NEEDS[fault]! : {};
}
