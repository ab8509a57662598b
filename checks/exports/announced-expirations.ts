/**
 * The fileExpirations a target announced for each fileKey: every jobStatus answer that saw a job Completed
 * with that fileKey, in recorded order, each with its fileExpiration (GMT, read per the profile). The file is
 * available until every one of them: the latest announced before a getFile is the one that getFile is judged
 * by. Pure: no I/O.
 */
import { endOf, type RecordedTraffic, type RecordedExchange, type Target } from '../../harness/check';
import { readDatetime } from '../../harness/oracles';
import { fileKeyOf, phaseOf, fileExpirationOf } from '../../harness/model';

export interface Announcement {
  poll: RecordedExchange;
  /** The fileExpiration as written. */
  expiration: string;
  /** It as epoch ms (GMT). */
  until: number;
}

/** Per fileKey, the answers that announced it with a readable fileExpiration, in recorded order. */
export function announcedExpirations(traffic: RecordedTraffic, target: Pick<Target, 'profile'>): Map<string, Announcement[]> {
  const byKey = new Map<string, Announcement[]>();
  for (const poll of traffic.of('exports.jobStatus')) {
    if (poll.outcome !== 'success' || phaseOf(poll, target.profile) !== 'completed') continue;
    const fileKey = fileKeyOf(poll, target.profile);
    const expiration = fileExpirationOf(poll, target.profile);
    const until = expiration === undefined ? undefined : readDatetime(expiration, target.profile.datetime.format)?.getTime();
    if (fileKey === undefined || expiration === undefined || until === undefined) continue;
    byKey.set(fileKey, [...(byKey.get(fileKey) ?? []), { poll, expiration, until }]);
  }
  return byKey;
}

/** The latest fileExpiration announced by an answer that came back before `moment` (our clock), if any. */
export function latestBefore(announcements: readonly Announcement[], moment: number): Announcement | undefined {
  return announcements.filter(({ poll }) => endOf(poll) <= moment).reduce<Announcement | undefined>((latest, next) => (latest === undefined || next.until > latest.until ? next : latest), undefined);
}

/** The latest fileExpiration announced at all (before or after any getFile). */
export const latestOf = (announcements: readonly Announcement[]): Announcement | undefined => latestBefore(announcements, Number.POSITIVE_INFINITY);
