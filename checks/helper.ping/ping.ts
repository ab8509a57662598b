import { observation } from '../../harness/core';

/** One helper/ping with the full token in the Authorization header. */
export const ping = observation('helper/ping with the full token', ({ api }) => api.call('helper.ping', { token: 'full' }));
