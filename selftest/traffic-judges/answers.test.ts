/** The schema and envelope judges on recorded answers: the verdicts every answer earns, and what each rule needs to have seen. */
import { describe, test } from 'node:test';
import { checks as contactsImport } from '../../checks/contacts.import';
import { checks as envelope } from '../../checks/envelope';
import { checks as exportsChecks } from '../../checks/exports';
import { checks as helperPing } from '../../checks/helper.ping';
import type { RawExchange } from '../../harness/exchanges';
import { call, checkOf, expectVerdicts, group, ok, PING, refused, search } from './support';

const groupsPage = search('groups.search', { rpp: 5, page: 1 }, [group(1)]);
const refusal = call('groups.search', { rpp: 0 }, refused('rpp'));
const importAnswer = (over: Record<string, unknown> = {}) =>
  call('contacts.import', { contacts: [{ email: 'a@example.com' }] }, ok({ recordsInData: 1, recordsInserted: 1, recordsUpdated: 0, contactResults: [{ email: 'a@example.com', contactID: 5, success: 1, inserted: 1, updated: 0, errors: [], ...over }] }), { method: 'POST' });
const at400 = (raw: RawExchange): RawExchange => ({ ...raw, status: 400 });

describe('schema and envelope traffic judges', () => {
  test('schema.helper.ping', () =>
    expectVerdicts(checkOf(helperPing, 'schema.helper.ping'), {
      pass: [...PING, groupsPage],
      fail: [call('helper.ping', {}, ok({})), groupsPage],
      // A ping answered to a token no other operation accepted (an Application-Only token, say) is not the ping of a user's token.
      none: [call('helper.ping', {}, refused()), ...PING],
    }));

  test('schema.contacts.import', () =>
    expectVerdicts(checkOf(contactsImport, 'schema.contacts.import'), { pass: [importAnswer()], fail: [importAnswer({ errors: ['a detail on a successful row'] })], none: PING }));

  test('schema.exports.emails', () =>
    expectVerdicts(checkOf(exportsChecks, 'schema.exports.emails'), {
      pass: [call('exports.emails', { startDate: '2024-01-01', endDate: '2024-01-02' }, ok({ jobID: 3 }))],
      fail: [call('exports.emails', { startDate: '2024-01-01', endDate: '2024-01-02' }, ok({ jobID: '3' }))],
      none: PING,
    }));

  test('schema.exports.jobStatus', () =>
    expectVerdicts(checkOf(exportsChecks, 'schema.exports.jobStatus'), {
      pass: [call('exports.jobStatus', { jobID: 3 }, ok({ status: 'Pending' }))],
      fail: [call('exports.jobStatus', { jobID: 3 }, ok({ status: 'Completed', totalRecords: '2', fileKey: 'K', fileExpiration: '2024-01-02 00:00:00' }))],
      none: PING,
    }));

  test('envelope.shape', () =>
    expectVerdicts(checkOf(envelope, 'envelope.shape'), { pass: [groupsPage, refusal], fail: [{ ...groupsPage, responseBody: { success: 1, code: 0, errors: [], data: {} } }, refusal], none: [groupsPage] }));

  test('envelope.http-status (an answer of a status the profile does not know)', () =>
    expectVerdicts(checkOf(envelope, 'envelope.http-status'), { pass: [groupsPage, refusal], fail: [groupsPage, at400(refusal)], none: [groupsPage] }));

  test('envelope.error-signal', () =>
    expectVerdicts(checkOf(envelope, 'envelope.error-signal'), { pass: [groupsPage, refusal], fail: [groupsPage, call('groups.search', { rpp: 0 }, { ...refused(), code: 0 })], none: [refusal] }));

  test('envelope.datetime-format', () =>
    expectVerdicts(checkOf(envelope, 'envelope.datetime-format'), {
      pass: [groupsPage],
      fail: [search('groups.search', { rpp: 5, page: 1 }, [group(1, { dateAdded: '2020-01-02T10:00:00Z' })])],
      none: PING,
    }));
});
