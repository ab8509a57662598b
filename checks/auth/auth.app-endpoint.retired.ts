import { defineCheck, type ApiResponse, type TokenChoice } from '../../harness/core';
import { tokenValuesIn } from './issued-tokens';

/**
 * Transport failures at the retired endpoint that still tell "no token was issued": no answer at all
 * (connection refused, reset, no answer in time), an HTTP status the profile does not know (404, 410),
 * a 5xx (503 Service Unavailable) or a body that is not JSON (an HTML "not found" page). A body too
 * large to read might hold a token: it decides nothing.
 */
const SAYS_NO_TOKEN = new Set(['unreachable', 'reset', 'timeout', 'unexpected-status', 'server-error', 'not-json']);

const transportText = (response: ApiResponse) => `transport: ${response.transport!.reason} ${response.transport!.detail}`;

export default defineCheck({
  rule: 'auth.app-endpoint.retired',
  title: 'the retired applicationAccessToken endpoint issues no token',
  async run({ api, judge }) {
    // A target that answers nothing issues no token anywhere: the endpoint is judged only against a
    // target that answers its other operations (here helper/ping).
    const ping = await api.call('helper.ping', { allowTransportFailure: true });
    if (ping.transport) {
      judge.inconclusive(`${transportText(ping)} on helper/ping: a target that answers nothing cannot show that the retired endpoint alone is unavailable`, [
        { title: 'helper/ping got no usable answer', response: { transport: ping.transport.reason }, curl: ping.curl },
      ]);
      return;
    }

    const calls: { method: 'GET' | 'POST'; token: TokenChoice }[] = [
      { method: 'GET', token: 'none' },
      { method: 'POST', token: 'none' },
      { method: 'GET', token: 'full' },
      { method: 'POST', token: 'full' },
    ];
    const unanswered: string[] = [];
    for (const { method, token } of calls) {
      const response = await api.call('login.applicationAccessToken', { method, token, allowTransportFailure: true, ...(method === 'POST' ? { params: {} } : {}) });
      const title = `${method} {auth_url}/login/oauth/applicationAccessToken ${token === 'none' ? 'without a token' : 'with a valid token'} issues no token`;
      if (response.transport && !SAYS_NO_TOKEN.has(response.transport.reason)) {
        judge.inconclusive(`${title}: cannot tell (${transportText(response)})`);
        continue;
      }
      if (response.transport) unanswered.push(`${method} ${token === 'none' ? 'without token' : 'with token'}: ${response.transport.reason}`);
      const found = tokenValuesIn(response.body);
      // An error (or no usable answer while helper/ping answers) issues nothing; a success must carry no token either.
      judge.check(found.length === 0, {
        title,
        expected: 'an error, no answer (the endpoint unavailable while helper/ping answers), or an answer carrying no access token',
        actual: { outcome: response.outcome, ...(response.transport ? { transport: response.transport.reason } : {}), tokens: found },
        response,
      });
    }
    if (unanswered.length > 0) judge.pass(`helper/ping answers; the retired endpoint gave no usable answer (${unanswered.join('; ')}), taken as unavailable`);
  },
});
