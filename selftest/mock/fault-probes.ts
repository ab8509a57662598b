import { strFromU8, unzipSync } from 'fflate';
import type { FaultName } from '../../mock';
import type { Answer, MockClient, QueryValues } from './client';

/** Requests whose answer shows one fault; run with the fault off and on, the observations must differ. */
export type Probe = (client: MockClient) => Promise<unknown>;

/** The probes' frozen clock: the deviation tests reset data and clock to it before every probe. */
export const PROBE_NOW = '2025-06-15 12:00:00';
const WIDE_WINDOW = { dateSentStart: '2024-02-01' };
const ALL_STATUSES = ['draft', 'scheduled', 'sent'];

const outcome = (answer: Answer) => ({ status: answer.status, success: answer.body?.success, code: answer.body?.code });
const totals = async (client: MockClient, path: string, query: QueryValues) => (await client.get(path, query)).body.data?.paging?.totalRecords;
const groupIDs = async (client: MockClient, query: QueryValues, method = 'GET') => {
  const answer = method === 'GET' ? await client.get('/groups/search', query) : await client.post('/groups/search', query);
  return answer.body.data.records.map((group: any) => group.groupID);
};
const emailIDs = async (client: MockClient, query: QueryValues, method = 'GET') => {
  const answer = method === 'GET' ? await client.get('/emails/search', query) : await client.post('/emails/search', query);
  return answer.body.data.records.map((email: any) => email.emailID);
};
const staticGroups = async (client: MockClient) => (await client.all('/groups/search', { type: 'Static' })).map((group) => group.groupID as number);
const members = async (client: MockClient, groupID: number) => {
  const group = await client.group(groupID);
  return [group.totalMembers, group.activeMembers];
};
const importRows = async (client: MockClient, body: Record<string, unknown>) => (await client.importContacts(body)).body;
const many = (count: number) => Array.from({ length: count }, (_, index) => ({ email: `probe${index}@example.com` }));

async function exportJob(client: MockClient, startDate = '2025-01-01', endDate = '2025-03-31'): Promise<any> {
  const { body } = await client.get('/exports/emails', { startDate, endDate });
  await client.advance(5000);
  return (await client.get('/exports/jobStatus', { jobID: body.data.jobID })).body;
}

async function exportFile(client: MockClient): Promise<{ names: string[]; text: string } | Answer['body']> {
  const job = await exportJob(client);
  const answer = await client.get('/exports/getFile', { fileKey: job.data.fileKey });
  if (!answer.headers.get('content-type')?.includes('zip')) return answer.body;
  const entries = unzipSync(answer.bytes);
  return { names: Object.keys(entries), text: Object.values(entries).map((bytes) => strFromU8(bytes)).join('') };
}

export const PROBES: Record<FaultName, Probe> = {
  // auth
  'auth-missing-token-accepted': async (c) => outcome(await c.get('/helper/ping', {}, null)),
  'auth-invalid-token-accepted': async (c) => outcome(await c.get('/helper/ping', {}, 'not-a-token')),
  'auth-query-token-accepted': async (c) => outcome(await c.get('/helper/ping', { accessToken: c.mock.tokens.full }, null)),
  'auth-body-token-accepted': async (c) => outcome(await c.post('/groups/search', { accessToken: c.mock.tokens.full }, null)),
  'auth-app-endpoint-issues-token': async (c) => outcome(await c.call(`${c.mock.authUrl}/login/oauth/applicationAccessToken`, { token: null })),
  'auth-app-token-refused-on-post-search': async (c) => outcome(await c.post('/emails/search', {}, 'app')),
  'auth-app-token-refused': async (c) => outcome(await c.get('/helper/ping', {}, 'app')),
  'auth-app-token-refused-on-import': async (c) => outcome(await c.importContacts({ contacts: many(1) }, 'app')),
  'auth-groups-permission-ignored': async (c) => outcome(await c.get('/groups/search', {}, 'noGroups')),
  'auth-import-permission-ignored': async (c) => outcome(await c.importContacts({ contacts: many(1) }, 'noImport')),
  'auth-refused-import-writes': async (c) => {
    await c.importContacts({ contacts: many(1) }, 'noImport');
    return (await importRows(c, { contacts: many(1) })).data.recordsInserted;
  },
  // envelope
  'envelope-missing-request-id': async (c) => 'requestID' in (await c.get('/helper/ping')).body,
  'envelope-http-400-on-error': async (c) => (await c.get('/groups/search', { rpp: 0 })).status,
  'envelope-error-code-zero': async (c) => (await c.get('/groups/search', { rpp: 0 })).body.code,
  'envelope-error-without-messages': async (c) => (await c.get('/groups/search', { rpp: 0 })).body.errors.length,
  'envelope-iso-datetimes': async (c) => (await c.get('/groups/search')).body.data.records[0].dateAdded,
  // helper/ping
  'ping-refuses-user-tokens': async (c) => outcome(await c.get('/helper/ping')),
  'ping-data-empty': async (c) => (await c.get('/helper/ping')).body.data,
  // Intermittent: the three pings after the fault is switched on, one of them bitten.
  'ping-data-empty-every-third': async (c) => [(await c.get('/helper/ping')).body.data, (await c.get('/helper/ping')).body.data, (await c.get('/helper/ping')).body.data],
  // groups/search
  'groups-total-members-string': async (c) => typeof (await c.get('/groups/search')).body.data.records[0].totalMembers,
  'groups-user-id-string': async (c) => typeof (await c.get('/groups/search')).body.data.records[0].userID,
  'groups-post-direction-ignored': (c) => groupIDs(c, { status: 'All', sortField: 'groupID', sortDirection: 'desc', rpp: 250 }, 'POST'),
  'groups-rpp-default-25': async (c) => (await groupIDs(c, {})).length,
  'groups-rpp-clamped': async (c) => outcome(await c.get('/groups/search', { rpp: 251 })),
  'groups-rpp-truncated': async (c) => outcome(await c.get('/groups/search', { rpp: '12.5' })),
  'groups-page-size-capped': async (c) => (await groupIDs(c, { status: 'All', rpp: 40 })).length,
  'groups-page-default-two': (c) => groupIDs(c, {}),
  'groups-page-zero-accepted': async (c) => outcome(await c.get('/groups/search', { page: 0 })),
  'groups-prev-on-first-page': async (c) => (await c.get('/groups/search')).body.data.paging.prev,
  'groups-total-ignores-type-filter': (c) => totals(c, '/groups/search', { status: 'All', type: 'Dynamic' }),
  'groups-sort-numbers-as-text': (c) => groupIDs(c, { status: 'All', sortField: 'groupID', rpp: 250 }),
  'groups-sort-desc-ignored': (c) => groupIDs(c, { status: 'All', sortField: 'dateAdded', sortDirection: 'desc', rpp: 250 }),
  'groups-default-sort-groupid': (c) => groupIDs(c, {}),
  'groups-pages-sorted-apart': (c) => groupIDs(c, { status: 'All', sortField: 'groupName', rpp: 7, page: 2 }),
  'groups-unknown-status-accepted': async (c) => outcome(await c.get('/groups/search', { status: 'foo' })),
  'groups-unknown-type-accepted': async (c) => outcome(await c.get('/groups/search', { type: 'foo' })),
  'groups-unknown-sort-field-accepted': async (c) => outcome(await c.get('/groups/search', { sortField: 'foo' })),
  'groups-unknown-sort-direction-accepted': async (c) => outcome(await c.get('/groups/search', { sortDirection: 'foo' })),
  'groups-status-default-all': (c) => totals(c, '/groups/search', {}),
  'groups-archived-includes-active': (c) => totals(c, '/groups/search', { status: 'Archived' }),
  'groups-status-case-ignored': (c) => groupIDs(c, { status: 'archived', rpp: 250 }),
  'groups-type-default-static': (c) => totals(c, '/groups/search', {}),
  'groups-static-includes-dynamic': (c) => totals(c, '/groups/search', { type: 'Static' }),
  'groups-private-filter-inverted': (c) => groupIDs(c, { private: 0 }),
  'groups-private-zero-drops-some': (c) => groupIDs(c, { private: 0, rpp: 250 }),
  'groups-type-lost-with-name': (c) => totals(c, '/groups/search', { status: 'All', type: 'Static', groupName: 'news' }),
  'groups-name-like-pattern': (c) => totals(c, '/groups/search', { status: 'All', groupName: 'n_ws' }),
  'groups-name-prefix-only': (c) => totals(c, '/groups/search', { status: 'All', groupName: 'news' }),
  'groups-ids-first-only': (c) => totals(c, '/groups/search', { status: 'All', groupIDs: [1, 2, 3] }),
  'groups-userid-ignores-status': (c) => totals(c, '/groups/search', { userID: 1 }),
  'groups-userid-drops-own-private': (c) => totals(c, '/groups/search', { status: 'All', userID: 1 }),
  'groups-duplicate-name': async (c) => new Set((await c.all('/groups/search')).map((group) => group.groupName)).size,
  'groups-active-counts-held': async (c) => (await c.all('/groups/search', { status: 'All' })).some((group) => group.activeMembers > group.totalMembers),
  // emails/search
  'emails-template-id-string': async (c) => (await c.get('/emails/search')).body.data.records.map((email: any) => typeof email.templateID),
  'emails-post-direction-ignored': (c) => emailIDs(c, { sortField: 'emailID', sortDirection: 'desc', rpp: 250 }, 'POST'),
  'emails-post-status-ignored': (c) => emailIDs(c, { status: ['draft'], rpp: 250 }, 'POST'),
  'emails-rpp-default-25': async (c) => (await emailIDs(c, {})).length,
  'emails-rpp-clamped': async (c) => outcome(await c.get('/emails/search', { rpp: 251 })),
  'emails-rpp-truncated': async (c) => outcome(await c.get('/emails/search', { rpp: 'abc' })),
  'emails-page-size-capped': async (c) => (await emailIDs(c, { rpp: 40 })).length,
  'emails-page-default-two': (c) => emailIDs(c, {}),
  'emails-page-zero-accepted': async (c) => outcome(await c.get('/emails/search', { page: 0 })),
  'emails-prev-on-first-page': async (c) => (await c.get('/emails/search')).body.data.paging.prev,
  'emails-total-ignores-default-status': (c) => totals(c, '/emails/search', {}),
  'emails-sort-numbers-as-text': (c) => emailIDs(c, { sortField: 'emailID', rpp: 250 }),
  'emails-sort-desc-ignored': (c) => emailIDs(c, { sortField: 'title', sortDirection: 'desc', rpp: 250 }),
  'emails-default-sort-ascending': (c) => emailIDs(c, {}),
  'emails-pages-sorted-apart': (c) => emailIDs(c, { sortField: 'title', rpp: 7, page: 2 }),
  'emails-sort-direction-default-desc': (c) => emailIDs(c, { sortField: 'dateAdded' }),
  'emails-unknown-delivery-type-accepted': async (c) => outcome(await c.get('/emails/search', { deliveryType: 'foo' })),
  'emails-unknown-status-accepted': async (c) => outcome(await c.get('/emails/search', { status: 'foo' })),
  'emails-unknown-automated-results-accepted': async (c) => outcome(await c.get('/emails/search', { deliveryType: 'automated', automatedResults: 'foo' })),
  'emails-unknown-sort-field-accepted': async (c) => outcome(await c.get('/emails/search', { sortField: 'foo' })),
  'emails-unknown-sort-direction-accepted': async (c) => outcome(await c.get('/emails/search', { sortDirection: 'foo' })),
  'emails-delivery-type-default-all': (c) => totals(c, '/emails/search', {}),
  'emails-transactional-includes-automated': (c) => totals(c, '/emails/search', { deliveryType: 'transactional' }),
  'emails-status-default-all': (c) => totals(c, '/emails/search', {}),
  'emails-status-first-only': (c) => totals(c, '/emails/search', { status: 'draft,sent' }),
  'emails-status-applied-to-automated': (c) => totals(c, '/emails/search', { deliveryType: 'automated', status: 'draft' }),
  'emails-automated-default-detail': (c) => totals(c, '/emails/search', { deliveryType: 'automated' }),
  'emails-detail-includes-summary': (c) => totals(c, '/emails/search', { deliveryType: 'automated', automatedResults: 'detail' }),
  'emails-start-default-from-end': (c) => totals(c, '/emails/search', { dateSentEnd: '2025-05-01' }),
  'emails-title-wildcard-literal': (c) => totals(c, '/emails/search', { title: 'Spring*Newsletter', ...WIDE_WINDOW }),
  'emails-subject-wildcard-literal': (c) => totals(c, '/emails/search', { subject: 'Sale:*', ...WIDE_WINDOW }),
  'emails-default-window-12-months': (c) => totals(c, '/emails/search', {}),
  'emails-default-end-day-early': (c) => totals(c, '/emails/search', {}),
  'emails-window-limit-12-months': async (c) => outcome(await c.get('/emails/search', WIDE_WINDOW)),
  'emails-window-limit-unchecked': async (c) => outcome(await c.get('/emails/search', { dateSentStart: '2023-01-01' })),
  'emails-date-filter-ignores-end': (c) => totals(c, '/emails/search', { dateSentStart: '2025-01-01', dateSentEnd: '2025-02-01' }),
  // A window starting one hour after a sent email, in ISO 8601 without a zone: read at +02:00 it starts an hour before that email.
  'emails-datetime-no-zone-shifted': async (c) => {
    const [email] = await c.all('/emails/search', { dateSentStart: '2025-01-01', dateSentEnd: '2025-02-01' });
    const start = new Date(Date.parse(`${email.dateSent.replace(' ', 'T')}Z`) + 3_600_000).toISOString().slice(0, 19);
    return emailIDs(c, { dateSentStart: start, dateSentEnd: '2025-03-01 00:00:00', rpp: 250 });
  },
  'emails-category-accepted-anywhere': async (c) => outcome(await c.get('/emails/search', { transactionalCategory: 'Receipt' })),
  'emails-parent-includes-parent': async (c) => {
    const split = (await c.all('/emails/search', WIDE_WINDOW)).find((email) => email.parentEmailID !== undefined);
    return totals(c, '/emails/search', { parentEmailID: split.parentEmailID, ...WIDE_WINDOW });
  },
  'emails-ab-parent-finds-nothing': async (c) => {
    const split = (await c.all('/emails/search', WIDE_WINDOW)).find((email) => email.parentEmailID !== undefined && email.abSplitID !== undefined);
    return totals(c, '/emails/search', { parentEmailID: split.parentEmailID, ...WIDE_WINDOW });
  },
  'emails-title-exact-value-missed': async (c) => {
    const [email] = await c.all('/emails/search', WIDE_WINDOW);
    return totals(c, '/emails/search', { title: email.title, ...WIDE_WINDOW });
  },
  'emails-ids-first-only': (c) => totals(c, '/emails/search', { emailIDs: [1, 2, 3, 4], status: ALL_STATUSES }),
  'emails-campaign-first-only': (c) => Promise.all(Array.from({ length: 12 }, (_, index) => totals(c, '/emails/search', { campaignID: index + 1, ...WIDE_WINDOW }))),
  'emails-campaign-lost-with-user': (c) => totals(c, '/emails/search', { userID: 1, campaignID: 1, ...WIDE_WINDOW }),
  'emails-userid-ignored': (c) => totals(c, '/emails/search', { userID: 1 }),
  'emails-category-ignores-window': (c) => totals(c, '/emails/search', { deliveryType: 'transactional', transactionalCategory: 'Receipt' }),
  // contacts/import
  'import-success-row-errors': async (c) => (await importRows(c, { contacts: many(1) })).data.contactResults[0].errors.length,
  'import-limit-off-by-one': async (c) => outcome(await c.importContacts({ contacts: many(1001) })),
  'import-empty-accepted': async (c) => outcome(await c.importContacts({ contacts: [] })),
  'import-oversize-partially-written': async (c) => {
    await c.importContacts({ contacts: many(1001) });
    return (await importRows(c, { contacts: many(1) })).data.recordsInserted;
  },
  'import-structure-unchecked': async (c) => (await importRows(c, { contacts: [{ email: 'a1@example.com', firstName: 'A' }, { email: 'a2@example.com' }] })).data.contactResults[1].success,
  'import-missing-email-accepted': async (c) => (await importRows(c, { contacts: [{ firstName: 'Nobody' }] })).data.contactResults[0].success,
  'import-failure-aborts-rest': async (c) => (await importRows(c, { contacts: [{ email: 'bad' }, { email: 'fine@example.com' }] })).data.contactResults[1].success,
  'import-failed-row-no-errors': async (c) => (await importRows(c, { contacts: [{ email: 'bad' }] })).data.contactResults[0].errors.length,
  'import-no-warnings': async (c) => 'warnings' in (await importRows(c, { contacts: [{ email: 'bad' }] })).data,
  'import-results-reversed': async (c) => (await importRows(c, { contacts: many(2) })).data.contactResults.map((row: any) => row.email),
  'import-records-in-data-successful-only': async (c) => (await importRows(c, { contacts: [{ email: 'bad' }, { email: 'fine@example.com' }] })).data.recordsInData,
  'import-inserted-counts-updates': async (c) => {
    await importRows(c, { contacts: many(1) });
    return (await importRows(c, { contacts: many(1) })).data.recordsInserted;
  },
  'import-updated-counts-group-adds': async (c) => {
    const [group] = await staticGroups(c);
    return (await importRows(c, { contacts: many(1), groupIDs: [group] })).data.recordsUpdated;
  },
  'import-reimport-joins-counted-inserted': async (c) => {
    const [group] = await staticGroups(c);
    await importRows(c, { contacts: many(1) });
    return (await importRows(c, { contacts: many(1), groupIDs: [group] })).data.recordsInserted;
  },
  'import-contact-id-on-failed-rows': async (c) => 'contactID' in (await importRows(c, { contacts: [{ email: 'bad' }] })).data.contactResults[0],
  'import-existing-wrong-contact-id': async (c) => {
    const first = (await importRows(c, { contacts: many(1) })).data.contactResults[0].contactID;
    return (await importRows(c, { contacts: many(1) })).data.contactResults[0].contactID === first;
  },
  'import-match-on-contact-id': async (c) => {
    const first = (await importRows(c, { contacts: many(1) })).data.contactResults[0].contactID;
    const row = (await importRows(c, { contacts: [{ email: 'someone.else@example.com', contactID: first }] })).data.contactResults[0];
    return { sameContact: row.contactID === first, inserted: row.inserted, updated: row.updated };
  },
  'import-update-existing-default-off': async (c) => {
    await importRows(c, { contacts: many(1) });
    return (await importRows(c, { contacts: many(1) })).data.contactResults[0].updated;
  },
  'import-update-existing-off-ignored': async (c) => {
    await importRows(c, { contacts: many(1) });
    return (await importRows(c, { contacts: many(1), updateExisting: 0 })).data.contactResults[0].updated;
  },
  'import-update-existing-off-skips-groups': async (c) => {
    const [group] = await staticGroups(c);
    await importRows(c, { contacts: many(1) });
    await importRows(c, { contacts: many(1), updateExisting: 0, groupIDs: [group] });
    return members(c, group!);
  },
  'import-groups-first-only': async (c) => {
    const [first, second] = await staticGroups(c);
    await importRows(c, { contacts: many(1), groupIDs: [first, second] });
    return members(c, second!);
  },
  'import-active-members-stale': async (c) => {
    const [group] = await staticGroups(c);
    await importRows(c, { contacts: many(1) });
    await importRows(c, { contacts: many(1), groupIDs: [group] });
    return members(c, group!);
  },
  'import-new-active-members-stale': async (c) => {
    const [group] = await staticGroups(c);
    await importRows(c, { contacts: many(1), groupIDs: [group] });
    return members(c, group!);
  },
  'import-remove-ignored': async (c) => {
    const [group] = await staticGroups(c);
    await importRows(c, { contacts: many(1), groupIDs: [group] });
    await importRows(c, { contacts: many(1), removeGroupIDs: [group] });
    return members(c, group!);
  },
  'import-dynamic-group-accepts': async (c) => {
    const dynamic = (await c.all('/groups/search', { type: 'Dynamic' }))[0].groupID;
    await importRows(c, { contacts: many(1), groupIDs: [dynamic] });
    return members(c, dynamic);
  },
  'import-unsuppresses': async (c) => {
    const [group] = await staticGroups(c);
    await importRows(c, { contacts: c.mock.fixtures.suppressedEmails!.map((email) => ({ email })), groupIDs: [group] });
    return members(c, group!);
  },
  'import-custom-fields-rejected': async (c) => (await importRows(c, { contacts: [{ email: 'custom@example.com', customFields: { plan: { value: 'gold' } } }] })).data.contactResults[0].success,
  // exports
  'exports-job-id-string': async (c) => typeof (await c.get('/exports/emails', { startDate: '2025-01-01', endDate: '2025-01-31' })).body.data.jobID,
  'exports-request-refuses-same-day': async (c) => outcome(await c.get('/exports/emails', { startDate: '2025-01-01', endDate: '2025-01-01' })),
  'exports-total-records-string': async (c) => typeof (await exportJob(c)).data.totalRecords,
  'exports-job-unknown-status': async (c) => {
    const { body } = await c.get('/exports/emails', { startDate: '2025-01-01', endDate: '2025-01-31' });
    return (await c.get('/exports/jobStatus', { jobID: body.data.jobID })).body.data.status;
  },
  'exports-job-never-finishes': async (c) => (await exportJob(c)).data.status,
  'exports-completed-without-file-key': async (c) => 'fileKey' in (await exportJob(c)).data,
  'exports-empty-job-has-file-key': async (c) => 'fileKey' in (await exportJob(c, '2090-01-01', '2090-01-31')).data,
  'exports-expiration-in-past': async (c) => (await exportJob(c)).data.fileExpiration,
  'exports-failed-as-success': async (c) => (await exportJob(c, '1999-01-01', '1999-12-31')).success,
  'exports-failing-range-completes': async (c) => (await exportJob(c, '1999-01-01', '1999-12-31')).data.status,
  'exports-getfile-refused': async (c) => {
    const job = await exportJob(c);
    return (await c.get('/exports/getFile', { fileKey: job.data.fileKey })).headers.get('content-type');
  },
  'exports-file-comma-delimited': exportFile,
  'exports-file-unquoted': exportFile,
  'exports-file-lf-rows': exportFile,
  'exports-file-entry-misnamed': exportFile,
  'exports-file-missing-last-row': exportFile,
  'exports-getfile-serves-unknown-key': async (c) => outcome(await c.get('/exports/getFile', { fileKey: '00000000-0000-4000-8000-000000000000' })),
  'exports-file-single-use': async (c) => {
    const { fileKey } = (await exportJob(c)).data;
    await c.get('/exports/getFile', { fileKey });
    return outcome(await c.get('/exports/getFile', { fileKey }));
  },
  'exports-file-expires-early': async (c) => {
    const { fileKey } = (await exportJob(c)).data;
    await c.get('/exports/getFile', { fileKey });
    await c.advance(2000);
    return outcome(await c.get('/exports/getFile', { fileKey }));
  },
  'exports-file-served-after-expiry': async (c) => {
    const { fileKey } = (await exportJob(c)).data;
    await c.advance(25 * 3_600_000);
    return outcome(await c.get('/exports/getFile', { fileKey }));
  },
  'exports-expiration-moves-later': async (c) => {
    const { body } = await c.get('/exports/emails', { startDate: '2025-01-01', endDate: '2025-03-31' });
    await c.advance(5000);
    const first = (await c.get('/exports/jobStatus', { jobID: body.data.jobID })).body.data.fileExpiration;
    await c.advance(60_000);
    return (await c.get('/exports/jobStatus', { jobID: body.data.jobID })).body.data.fileExpiration === first;
  },
  'exports-file-key-rotates': async (c) => {
    const { body } = await c.get('/exports/emails', { startDate: '2025-01-01', endDate: '2025-03-31' });
    await c.advance(5000);
    const first = (await c.get('/exports/jobStatus', { jobID: body.data.jobID })).body.data.fileKey;
    await c.get('/exports/jobStatus', { jobID: body.data.jobID });
    return outcome(await c.get('/exports/getFile', { fileKey: first }));
  },
  'exports-file-key-first-poll-only': async (c) => {
    const { body } = await c.get('/exports/emails', { startDate: '2025-01-01', endDate: '2025-03-31' });
    await c.advance(5000);
    await c.get('/exports/jobStatus', { jobID: body.data.jobID });
    return 'fileKey' in (await c.get('/exports/jobStatus', { jobID: body.data.jobID })).body.data;
  },
  'exports-duplicates-accepted': async (c) => {
    await c.get('/exports/emails', { startDate: '2025-01-01', endDate: '2025-01-31' });
    return outcome(await c.get('/exports/emails', { startDate: '2025-01-01', endDate: '2025-01-31' }));
  },
  'exports-pending-blocks-all': async (c) => {
    await c.get('/exports/emails', { startDate: '2025-01-01', endDate: '2025-01-31' });
    return outcome(await c.get('/exports/emails', { startDate: '2025-02-01', endDate: '2025-02-28' }));
  },
  'exports-empty-repeat-refused': async (c) => {
    await exportJob(c, '2090-01-01', '2090-01-31');
    return outcome(await c.get('/exports/emails', { startDate: '2090-01-01', endDate: '2090-01-31' }));
  },
  'exports-duplicate-after-completion-refused': async (c) => {
    await exportJob(c, '2025-01-01', '2025-01-31');
    return outcome(await c.get('/exports/emails', { startDate: '2025-01-01', endDate: '2025-01-31' }));
  },
};
