import assert from 'node:assert/strict';
/** The authentication judges (auth.*) and helper.ping.accepts-token on recorded requests. */
import { describe, test } from 'node:test';
import { operationInfo } from '../../harness/contract';
import { checks as auth } from '../../checks/auth';
import { checks as ping } from '../../checks/helper.ping';
import { type RawExchange, recordedTraffic, trafficOf } from '../../harness/exchanges';
import { TOKENS } from '../core/support/target';
import { judgeExchanges } from '../../harness/check';
import { call, checkOf, expectVerdicts, group, judged, ok, refused, search, target, type Params } from './support';

const NO_TOKEN = { headers: {} };
const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const NO_GROUPS = bearer(TOKENS.EMS_TOKEN_NO_GROUPS);
const NO_IMPORT = bearer(TOKENS.EMS_TOKEN_NO_IMPORT);
const APP = bearer(TOKENS.EMS_TOKEN_APP);
/** A well-formed token nobody issued. */
const UNISSUED = bearer('0BADF00D-0000-4000-8000-00000000DEAD');
const PONG = ok({ message: 'pong' });
const groupsPage = (params: Params = {}, options = {}) => search('groups.search', params, [group(1)], options);
const emailsPage = (method: 'GET' | 'POST' = 'GET', options = {}) => search('emails.search', {}, [], { method, ...options });
/** The full token works: a search with it in the header succeeded. */
const works = [groupsPage(), emailsPage()];

const inQuery = (raw: RawExchange): RawExchange => ({ ...raw, headers: {}, url: `${raw.url}${raw.url.includes('?') ? '&' : '?'}accessToken=${TOKENS.EMS_TOKEN}` });
const inBody = (raw: RawExchange): RawExchange => ({ ...raw, headers: {}, body: JSON.stringify({ ...JSON.parse(raw.body ?? '{}'), accessToken: TOKENS.EMS_TOKEN }) });

/** A finished export job (jobID 5) polled with the full token, its file fetched with it. */
const job = [
  call('exports.jobStatus', { jobID: 5 }, ok({ status: 'Completed', totalRecords: 2, fileKey: 'KEY-5', fileExpiration: '2024-06-02 12:00:00' })),
];
const imported = (email: string, flags: { inserted: number; updated: number }) =>
  ok({ recordsInData: 1, recordsInserted: flags.inserted, recordsUpdated: flags.updated, contactResults: [{ email, contactID: 9, success: 1, ...flags, errors: [] }] });
const importOf = (email: string, answer: unknown, options = {}) => call('contacts.import', { contacts: [{ email }] }, answer, { method: 'POST', ...options });

/** Every operation with the given token options, each refused (the job steps with the job's real keys). */
const everyOperationRefused = (options: { headers: Record<string, string> }): RawExchange[] => [
  call('helper.ping', {}, refused(), options),
  call('groups.search', {}, refused(), options),
  call('emails.search', {}, refused(), options),
  importOf('x@example.com', refused(), options),
  call('exports.emails', { startDate: '2024-01-01', endDate: '2024-01-07' }, refused(), options),
  call('exports.jobStatus', { jobID: 5 }, refused(), options),
  call('exports.getFile', { fileKey: 'KEY-5' }, refused(), options),
];

/** A request to the retired token endpoint, answered with a body. */
const retired = (answer: unknown, options: { method?: 'GET' | 'POST'; headers?: Record<string, string> } = {}): RawExchange => ({
  method: options.method ?? 'GET', url: `${target.authUrl}${operationInfo('login.applicationAccessToken').path}`, headers: options.headers ?? {}, status: 200,
  responseBody: answer as object, ...(options.method === 'POST' ? { body: '{}' } : {}), startedAt: Date.UTC(2024, 5, 1, 12),
});

describe('auth traffic judges', () => {
  test('auth.token.missing: every operation, the job steps with keys a valid token was served', () =>
    expectVerdicts(checkOf(auth, 'auth.token.missing'), {
      pass: [...job, ...everyOperationRefused(NO_TOKEN)],
      fail: [call('helper.ping', {}, refused('no token'), NO_TOKEN), call('groups.search', {}, ok({ records: [], paging: {} }), NO_TOKEN)],
      none: works,
    }));

  test('auth.token.missing is inconclusive when only part of the operations were seen, or a job step with an unknown key', () =>
    expectVerdicts(checkOf(auth, 'auth.token.missing'), {
      pass: [...job, ...everyOperationRefused(NO_TOKEN)],
      fail: [...job, ...everyOperationRefused(NO_TOKEN), call('exports.getFile', { fileKey: 'KEY-5' }, ok({}), NO_TOKEN)],
      // Every operation refused, but jobStatus and getFile with keys no valid token was served.
      none: everyOperationRefused(NO_TOKEN),
    }));

  test('auth.token.invalid (a token helper/ping refused, served nowhere)', () =>
    expectVerdicts(checkOf(auth, 'auth.token.invalid'), {
      pass: [...works, ...job, ...everyOperationRefused(UNISSUED)],
      // helper/ping and emails/search refuse it as not valid, exports/jobStatus serves it.
      fail: [...works, ...job, ...everyOperationRefused(UNISSUED), { ...job[0]!, ...UNISSUED }],
      // Served everywhere: nothing tells it from an issued token.
      none: [...works, call('helper.ping', {}, PONG, UNISSUED), emailsPage('GET', UNISSUED)],
    }));

  test('auth.token.invalid: a token helper/ping alone refuses (valid elsewhere), or one refused only where a permission is needed, is not shown invalid', () =>
    expectVerdicts(checkOf(auth, 'auth.token.invalid'), {
      pass: [...works, ...job, ...everyOperationRefused(UNISSUED)],
      fail: [...works, ...job, ...everyOperationRefused(UNISSUED), call('helper.ping', {}, PONG, NO_GROUPS), emailsPage('GET', UNISSUED)],
      none: [...works, emailsPage('GET', NO_GROUPS), call('helper.ping', {}, refused('ping refuses it'), NO_GROUPS), call('groups.search', {}, refused('permission'), NO_GROUPS)],
    }));

  test('auth.token.query-rejected (a token shown valid in the header elsewhere)', () =>
    expectVerdicts(checkOf(auth, 'auth.token.query-rejected'), {
      pass: [...works, ...[call('helper.ping', {}, refused()), call('groups.search', {}, refused()), call('emails.search', {}, refused())].map(inQuery)],
      // Also on an operation outside the rule's list (the job steps): served with the token in the query string.
      fail: [...works, ...[call('helper.ping', {}, refused()), call('groups.search', {}, refused()), call('emails.search', {}, refused())].map(inQuery), ...job, inQuery(job[0]!)],
      none: [inQuery(call('helper.ping', {}, refused()))],
    }));

  test('auth.token.body-rejected', () =>
    expectVerdicts(checkOf(auth, 'auth.token.body-rejected'), {
      pass: [...works, ...[call('groups.search', {}, refused(), { method: 'POST' }), call('emails.search', {}, refused(), { method: 'POST' }), importOf('y@example.com', refused())].map(inBody)],
      fail: [...works, inBody(importOf('y@example.com', imported('y@example.com', { inserted: 1, updated: 0 })))],
      none: works,
    }));

  test('auth.app-endpoint.retired', () =>
    expectVerdicts(checkOf(auth, 'auth.app-endpoint.retired'), {
      pass: [call('helper.ping', {}, PONG), retired(refused('retired')), retired(refused('retired'), { method: 'POST', headers: APP.headers })],
      fail: [call('helper.ping', {}, PONG), retired(refused('retired')), retired(ok({ accessToken: 'E9C5A7B6-0000-4000-8000-000000000099' }), { method: 'POST' })],
      // GET alone: POST never seen.
      none: [call('helper.ping', {}, PONG), retired(refused('retired'))],
    }));

  test('auth.app-token.still-works (the token presented at the retired endpoint)', () =>
    expectVerdicts(checkOf(auth, 'auth.app-token.still-works'), {
      pass: [retired(refused('retired'), APP), call('helper.ping', {}, PONG, APP), emailsPage('GET', APP), emailsPage('POST', APP), call('contacts.import', {}, refused('permission'), { method: 'POST', ...APP })],
      fail: [retired(refused('retired'), APP), call('helper.ping', {}, PONG, APP), emailsPage('GET', APP), call('emails.search', {}, refused('token refused'), { method: 'POST', ...APP })],
      // Which token is Application-Only: no token was presented at the retired endpoint.
      none: [call('helper.ping', {}, PONG, APP), emailsPage('GET', APP)],
    }));

  test('auth.app-token.still-works on every operation: a refusal of a request the full token was served before and after fails', () => {
    const at = (seconds: number) => ({ startedAt: Date.UTC(2024, 5, 1, 12, 0, seconds) });
    const importAt = (seconds: number, answer: unknown, options = {}) => importOf('m@example.com', answer, { ...at(seconds), ...options });
    const known = [retired(refused('retired'), APP), call('helper.ping', {}, PONG, APP), groupsPage()];
    return expectVerdicts(checkOf(auth, 'auth.app-token.still-works'), {
      pass: [...known, importAt(1, imported('m@example.com', { inserted: 1, updated: 0 })), importAt(2, imported('m@example.com', { inserted: 0, updated: 1 }), APP), importAt(3, imported('m@example.com', { inserted: 0, updated: 1 }))],
      fail: [...known, importAt(1, imported('m@example.com', { inserted: 1, updated: 0 })), importAt(2, refused('permission'), APP), importAt(3, imported('m@example.com', { inserted: 0, updated: 1 }))],
      none: [call('helper.ping', {}, PONG, APP)],
    });
  });

  test('auth.app-token.still-works: a refusal the full token is not seen served around is not judged, and an import the full token was served must be judged', async () => {
    const at = (seconds: number) => ({ startedAt: Date.UTC(2024, 5, 1, 12, 0, seconds) });
    const known = [retired(refused('retired'), APP), call('helper.ping', {}, PONG, APP), groupsPage()];
    // Refused after the full token's import only: the state may have changed since (inconclusive, not a failure).
    const before = await judged(checkOf(auth, 'auth.app-token.still-works'), [...known, importOf('n@example.com', imported('n@example.com', { inserted: 1, updated: 0 }), at(1)), importOf('n@example.com', refused('permission'), { ...APP, ...at(2) })]);
    assert.equal(before.verdict, 'inconclusive', before.reason);
    assert.match(before.reason ?? '', /contacts\.import/);
  });

  test('auth.app-token.still-works fails when helper/ping refuses it', () =>
    expectVerdicts(checkOf(auth, 'auth.app-token.still-works'), {
      pass: [retired(refused('retired'), APP), call('helper.ping', {}, PONG, APP)],
      fail: [retired(refused('retired'), APP), call('helper.ping', {}, refused('token refused'), APP)],
      none: [retired(refused('retired'), APP), emailsPage('GET', APP)],
    }));

  test('auth.permission.groups-search (a valid token groups/search refuses with a request it serves to another)', () =>
    expectVerdicts(checkOf(auth, 'auth.permission.groups-search'), {
      pass: [...works, emailsPage('GET', NO_GROUPS), call('groups.search', {}, refused('permission'), NO_GROUPS), call('groups.search', {}, refused('permission'), { method: 'POST', ...NO_GROUPS })],
      // Refused under GET, served under POST.
      fail: [...works, emailsPage('GET', NO_GROUPS), call('groups.search', {}, refused('permission'), NO_GROUPS), groupsPage({}, { method: 'POST', ...NO_GROUPS })],
      // Served everywhere: nothing shows it lacks the permission.
      none: [...works, emailsPage('GET', NO_GROUPS), groupsPage({}, NO_GROUPS)],
    }));

  test('auth.permission.contacts-import (a refused import wrote nothing)', () =>
    expectVerdicts(checkOf(auth, 'auth.permission.contacts-import'), {
      pass: [...works, emailsPage('GET', NO_IMPORT), importOf('z@example.com', refused('permission'), NO_IMPORT), importOf('z@example.com', imported('z@example.com', { inserted: 1, updated: 0 }))],
      fail: [...works, emailsPage('GET', NO_IMPORT), importOf('z@example.com', refused('permission'), NO_IMPORT), importOf('z@example.com', imported('z@example.com', { inserted: 0, updated: 1 }))],
      // Refused, but its address never imported later: whether it wrote is unknown.
      none: [...works, emailsPage('GET', NO_IMPORT), importOf('z@example.com', refused('permission'), NO_IMPORT)],
    }));

  test('helper.ping.accepts-token', () =>
    expectVerdicts(checkOf(ping, 'helper.ping.accepts-token'), {
      pass: [...works, call('helper.ping', {}, PONG)],
      fail: [...works, call('helper.ping', {}, refused('token refused'))],
      none: [call('helper.ping', {}, refused('token refused'))],
    }));

  describe('where the recorder knew which token it was (live; offline with the tokens given)', () => {
    const knowing = { knowTokens: true };
    test('auth.permission.groups-search fails a token named without Create Groups that groups/search serves, which traffic alone cannot show', async () => {
      const check = checkOf(auth, 'auth.permission.groups-search');
      const servedEverywhere = [...works, emailsPage('GET', NO_GROUPS), groupsPage({}, NO_GROUPS), groupsPage({}, { method: 'POST', ...NO_GROUPS })];
      assert.equal((await judged(check, servedEverywhere)).verdict, 'inconclusive');
      assert.equal((await judged(check, servedEverywhere, target, knowing)).verdict, 'fail');
      const refusedBoth = [...works, emailsPage('GET', NO_GROUPS), call('groups.search', {}, refused('permission'), NO_GROUPS), call('groups.search', {}, refused('permission'), { method: 'POST', ...NO_GROUPS })];
      assert.equal((await judged(check, refusedBoth, target, knowing)).verdict, 'pass');
      // Named, but no other operation served it: a refusal would not be about the permission.
      const neverValid = [...works, call('groups.search', {}, refused('permission'), NO_GROUPS)];
      assert.match((await judged(check, neverValid, target, knowing)).reason ?? '', /served by no other operation/);
    });

    test('auth.permission.contacts-import fails a token named without Contacts (Import) that contacts/import serves', async () => {
      const check = checkOf(auth, 'auth.permission.contacts-import');
      const served = [...works, emailsPage('GET', NO_IMPORT), importOf('z@example.com', imported('z@example.com', { inserted: 1, updated: 0 }), NO_IMPORT)];
      assert.equal((await judged(check, served)).verdict, 'inconclusive');
      const verdict = await judged(check, served, target, knowing);
      assert.equal(verdict.verdict, 'fail', verdict.reason);
    });

    test('auth.token.invalid fails a made-up token (role unissued, as the live exchange log names it) served everywhere', async () => {
      const check = checkOf(auth, 'auth.token.invalid');
      const raws = [...works, ...job, call('helper.ping', {}, PONG, UNISSUED), emailsPage('GET', UNISSUED)];
      assert.equal((await judged(check, raws)).verdict, 'inconclusive');
      const traffic = trafficOf(target, raws);
      const unissued = traffic.of('helper.ping').at(-1)!.token.id;
      const live = recordedTraffic(traffic.exchanges.map((e) => (e.token.id === unissued ? { ...e, token: { ...e.token, role: 'unissued' as const } } : e)));
      assert.equal((await judgeExchanges(check, target, live))?.verdict, 'fail');
    });
  });
});
