import { type CheckContext, observation } from '../../harness/check';

/** One helper/ping with the full token in the Authorization header. */
export const ping = observation('helper/ping with the full token', ({ api }) => api.call('helper.ping', { token: 'full' }));

/**
 * One groups/search with the full token: an operation only a user's token may use, so its success shows the
 * token is a user's (an Application-Only token may be accepted by helper/ping alone), as the judges need.
 */
export const userTokenSearch = observation('groups/search with the full token', ({ api }) =>
  api.call('groups.search', { token: 'full', params: { rpp: 1 }, allowTransportFailure: true }),
);

/** The helper.ping rules' driver: a ping with the full token, and a search showing that token is a user's. */
export async function drivePing({ observe }: Pick<CheckContext, 'observe'>): Promise<void> {
  await observe(ping);
  await observe(userTokenSearch);
}
