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
 * - A group status in another letter case accepted but not applied shows only where another case is accepted at
 *   all (`requests.enum-case=any-case`): under exact it is refused before the fault is reached.
 * - A record matched on its contactID shows only where a record carrying a contactID is taken
 *   (`import.record-contactID=ignored`): under refused the whole call is refused.
 */
export const FAULT_NEEDS: Readonly<Record<string, ChoiceMap>> = {
  'auth-query-token-accepted': { 'requests.unknown-parameters': 'ignored' },
  'auth-body-token-accepted': { 'requests.unknown-parameters': 'ignored' },
  'emails-ab-parent-finds-nothing': { 'emails.ab-sends-in-manual': 'parents-and-sends' },
  'emails-status-applied-to-automated': { 'emails.status-outside-manual': 'validated' },
  'groups-status-case-ignored': { 'requests.enum-case': 'any-case' },
  'import-match-on-contact-id': { 'import.record-contactID': 'ignored' },
};

export function faultNeeds(fault: string): ChoiceMap {
  return Object.hasOwn(FAULT_NEEDS, fault) ? FAULT_NEEDS[fault]! : {};
}
