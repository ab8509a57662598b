import { test } from '../harness/core';

test.describe('helper/ping', () => {
  test('answers a success with the pong payload to a valid token in the Authorization header', {
    tag: ['@rule:helper.ping.accepts-token', '@rule:schema.helper.ping'],
  }, async ({ api, judge }) => {
    // The client validates every answer: a success judges schema.helper.ping (PingData, message "pong").
    const response = await api.call('helper.ping', { token: 'full' });

    const accepted = judge.check('helper.ping.accepts-token', response.outcome === 'success', {
      title: 'helper/ping answers a success to the full token',
      expected: 'success',
      actual: { outcome: response.outcome, code: response.code, errors: response.errors },
      response,
    });
    if (!accepted) judge.inconclusive('schema.helper.ping', 'helper/ping answered no success, so there was no payload to judge');
  });
});
