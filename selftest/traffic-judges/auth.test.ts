/** The token placement judges (auth.*) and helper.ping.accepts-token on recorded requests. */
import { describe, test } from 'node:test';
import { checks as auth } from '../../checks/auth';
import { checks as ping } from '../../checks/helper.ping';
import type { RawExchange } from '../../harness/traffic';
import { TOKENS } from '../core/support/target';
import { call, checkOf, expectVerdicts, group, ok, refused, search, type Params } from './support';

const NO_TOKEN = { headers: {} };
const PONG = ok({ message: 'pong' });
const groupsPage = (params: Params = {}) => search('groups.search', params, [group(1)]);
const emailsPage = (method: 'GET' | 'POST' = 'GET') => search('emails.search', {}, [], { method });
/** The full token works: a search with it in the header succeeded. */
const works = [groupsPage(), emailsPage()];

const inQuery = (raw: RawExchange): RawExchange => ({ ...raw, headers: {}, url: `${raw.url}${raw.url.includes('?') ? '&' : '?'}accessToken=${TOKENS.EMS_TOKEN}` });
const inBody = (raw: RawExchange): RawExchange => ({ ...raw, headers: {}, body: JSON.stringify({ ...JSON.parse(raw.body ?? '{}'), accessToken: TOKENS.EMS_TOKEN }) });

describe('auth traffic judges', () => {
  test('auth.token.missing', () =>
    expectVerdicts(checkOf(auth, 'auth.token.missing'), {
      pass: ['helper.ping', 'groups.search', 'emails.search'].map((op) => call(op as 'helper.ping', {}, refused('no token'), NO_TOKEN)),
      fail: [call('helper.ping', {}, refused('no token'), NO_TOKEN), call('groups.search', {}, ok({ records: [], paging: {} }), NO_TOKEN)],
      none: works,
    }));

  test('auth.token.query-rejected (a token shown valid in the header elsewhere)', () =>
    expectVerdicts(checkOf(auth, 'auth.token.query-rejected'), {
      pass: [...works, ...[call('helper.ping', {}, refused()), call('groups.search', {}, refused()), call('emails.search', {}, refused())].map(inQuery)],
      fail: [...works, inQuery(call('helper.ping', {}, PONG))],
      none: [inQuery(call('helper.ping', {}, refused()))],
    }));

  test('auth.token.body-rejected', () =>
    expectVerdicts(checkOf(auth, 'auth.token.body-rejected'), {
      pass: [...works, ...[call('groups.search', {}, refused(), { method: 'POST' }), call('emails.search', {}, refused(), { method: 'POST' })].map(inBody)],
      fail: [...works, inBody(emailsPage('POST'))],
      none: works,
    }));

  test('helper.ping.accepts-token', () =>
    expectVerdicts(checkOf(ping, 'helper.ping.accepts-token'), {
      pass: [...works, call('helper.ping', {}, PONG)],
      fail: [...works, call('helper.ping', {}, refused('token refused'))],
      none: [call('helper.ping', {}, refused('token refused'))],
    }));
});
