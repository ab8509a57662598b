import { ApiError, ErrorCode } from '../errors';
import { data, type Operation } from './operation';

/** GET /helper/ping: answers {"message": "pong"} to any valid token. */
export const helperPing: Operation = {
  key: 'helper.ping',
  path: '/helper/ping',
  methods: ['GET'],
  handle({ fault, token, choices, state }) {
    if (fault('ping-refuses-user-tokens') && token.kind === 'user') {
      throw new ApiError(ErrorCode.invalidToken, 'The access token is not valid');
    }
    if (fault('ping-data-empty') || state.faults.bitesOneIn('ping-data-empty-every-third', 3)) return data({});
    // records.extra-members=extra: an undocumented field beside the message
    return data(choices.is('records.extra-members', 'extra') ? { message: 'pong', version: 'v1' } : { message: 'pong' });
  },
};
