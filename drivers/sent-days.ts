/**
 * The target's sends as emails/search shows them (shared by the exports and auth checks): every
 * search that can show a send, and a recent day on which the target sent an email.
 */
import type { ApiClient, ApiResponse, Target } from '../harness/check';
import { formatDatetime, readDatetime } from '../harness/oracles';
import { addMonths, allowedValues, dayOf, defaultOf, defaultWindowMonths, harnessNow, param } from '../generators';

export const SEARCH = 'emails.search' as const;

/**
 * Every search that can show a send: each deliveryType, and the one automatedResults applies to
 * (named by the spec's x-applies-when) with each of its values, since a summary may fold sends away.
 */
export function sendSearches(): Record<string, unknown>[] {
  const searches: Record<string, unknown>[] = allowedValues(SEARCH, 'deliveryType').map((deliveryType) => ({ deliveryType }));
  const condition = param(SEARCH, 'automatedResults')['x-applies-when'] as { deliveryType?: unknown } | undefined;
  const automatedDefault = String(defaultOf(SEARCH, 'automatedResults'));
  if (typeof condition?.deliveryType === 'string') {
    for (const automatedResults of allowedValues(SEARCH, 'automatedResults')) {
      if (automatedResults !== automatedDefault) searches.push({ deliveryType: condition.deliveryType, automatedResults });
    }
  }
  return searches;
}

export interface DayWithSends {
  day: Date;
  /** The search that showed it. */
  response: ApiResponse;
}

/**
 * A day on which the target sent an email: searched with explicit windows of the default length,
 * going back from now, over every delivery type. Undefined when none is found.
 */
export async function findDayWithSends(api: ApiClient, target: Target, now = harnessNow()): Promise<DayWithSends | undefined> {
  const months = defaultWindowMonths();
  const format = target.profile.datetime.format;
  for (let back = 0; back < 3; back += 1) {
    const end = addMonths(now, -months * back);
    const start = addMonths(end, -months);
    const window = { dateSentStart: formatDatetime(start, format), dateSentEnd: formatDatetime(end, format) };
    for (const search of sendSearches()) {
      const response = await api.call(SEARCH, { params: { ...search, ...window } });
      if (response.outcome !== 'success') continue;
      for (const record of response.records ?? []) {
        const sent = readDatetime((record as Record<string, unknown>)?.dateSent, format);
        if (sent && sent.getTime() <= now.getTime() && sent.getTime() >= start.getTime()) return { day: dayOf(sent), response };
      }
    }
  }
  return undefined;
}
