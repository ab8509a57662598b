import { defineCheck, type TokenChoice } from '../../harness/core';
import { tokenValuesIn } from './issued-tokens';

export default defineCheck({
  rule: 'auth.app-endpoint.retired',
  title: 'the retired applicationAccessToken endpoint issues no token',
  async run({ api, judge }) {
    const calls: { method: 'GET' | 'POST'; token: TokenChoice }[] = [
      { method: 'GET', token: 'none' },
      { method: 'POST', token: 'none' },
      { method: 'GET', token: 'full' },
      { method: 'POST', token: 'full' },
    ];
    for (const { method, token } of calls) {
      const response = await api.call('login.applicationAccessToken', { method, token, allowTransportFailure: true, ...(method === 'POST' ? { params: {} } : {}) });
      const found = tokenValuesIn(response.body);
      // An error (or no usable answer at all) issues nothing; a success must carry no token either.
      judge.check(found.length === 0, {
        title: `${method} {auth_url}/login/oauth/applicationAccessToken ${token === 'none' ? 'without a token' : 'with a valid token'} issues no token`,
        expected: 'an error, or an answer carrying no access token',
        actual: { outcome: response.outcome, ...(response.transport ? { transport: response.transport.reason } : {}), tokens: found },
        response,
      });
    }
  },
});
