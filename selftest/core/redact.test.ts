import './support/nock-on-node20';
import assert from 'node:assert/strict';
import { after, afterEach, test } from 'node:test';
import nock from 'nock';
import { createApiClient } from '../../harness/exchanges/client';
import { toCurl } from '../../harness/core/curl';
import { createRedactor, redactorFromEnv } from '../../harness/core/redact';
import { TransportError } from '../../harness/core/transport-error';
import { serviceError } from './support/bodies';
import { TOKENS, testTarget } from './support/target';

afterEach(() => nock.cleanAll());
after(() => nock.restore());

const ALL_TOKENS = Object.values(TOKENS);
const assertNoToken = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  for (const token of ALL_TOKENS) assert.equal(text.includes(token), false, `a token survived in ${text}`);
};

test('curl names the token variable in double quotes and quotes everything else for the shell', () => {
  const redactor = createRedactor({ full: TOKENS.EMS_TOKEN });
  const curl = toCurl(
    { method: 'POST', url: 'http://ems.test/v1/groups/search', headers: { Authorization: `Bearer ${TOKENS.EMS_TOKEN}`, 'Content-Type': 'application/json' }, body: `{"name":"it's"}` },
    redactor,
  );
  assert.equal(
    curl,
    `curl -sS -X POST 'http://ems.test/v1/groups/search' -H "Authorization: Bearer $EMS_TOKEN" -H 'Content-Type: application/json' --data '{"name":"it'\\''s"}'`,
  );
});

test('a token in the query string or body is spliced as a variable', () => {
  const redactor = createRedactor({ noGroups: TOKENS.EMS_TOKEN_NO_GROUPS });
  const curl = toCurl({ method: 'GET', url: `http://ems.test/v1/helper/ping?a=$x&accessToken=${TOKENS.EMS_TOKEN_NO_GROUPS}`, headers: {} }, redactor);
  assert.equal(curl, `curl -sS -X GET 'http://ems.test/v1/helper/ping?a=$x&accessToken='"$EMS_TOKEN_NO_GROUPS"`);
});

test('no token survives in a response, its curl, its errors or a transport error', async () => {
  const echo = `token ${TOKENS.EMS_TOKEN_APP} is not allowed`;
  nock('http://ems.test').get('/v1/helper/ping').query(true).reply(200, serviceError(3, echo));
  nock('http://ems.test').post('/v1/groups/search').reply(500, echo);
  const api = createApiClient(testTarget());
  const response = await api.call('helper.ping', { token: 'app', tokenIn: 'query' });
  assert.deepEqual(response.errors, ['token $EMS_TOKEN_APP is not allowed']);
  assert.equal(response.curl, 'curl -sS -X GET "http://ems.test/v1/helper/ping?accessToken=$EMS_TOKEN_APP"');
  assertNoToken(response);

  const failed = await api.call('groups.search', { method: 'POST', token: 'noImport', tokenIn: 'body', allowTransportFailure: true });
  assertNoToken(failed);
  assert.match(failed.requestBody ?? '', /"accessToken":"\$EMS_TOKEN_NO_IMPORT"/);
  await assert.rejects(api.call('helper.ping', { token: { raw: TOKENS.EMS_TOKEN } }), (error: unknown) => {
    assert.ok(error instanceof TransportError);
    assertNoToken({ message: error.message, evidence: error.evidence });
    return true;
  });
});

test('the environment redactor knows every token variable, URL-encoded forms included', () => {
  const redactor = redactorFromEnv({ EMS_TOKEN: 'a+b/c', EMS_TOKEN_APP: 'zzzz' });
  assert.equal(redactor.text('x a+b/c y a%2Bb%2Fc zzzz'), 'x $EMS_TOKEN y $EMS_TOKEN $EMS_TOKEN_APP');
  assert.deepEqual(redactor.value({ 'k-zzzz': ['zzzz', 1, null] }), { 'k-$EMS_TOKEN_APP': ['$EMS_TOKEN_APP', 1, null] });
});
