import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createResponseValidator, loadProfile } from '../../harness/contract';
import type { OperationKey } from '../../harness/types';
import { type FaultName, FAULTS } from '../../mock';
import { MockClient } from './client';

/** One successful answer of every JSON operation. */
async function answers(client: MockClient): Promise<[OperationKey, unknown][]> {
  const job = (await client.get('/exports/emails', { startDate: '2025-01-01', endDate: '2025-03-31' })).body;
  const pending = (await client.get('/exports/jobStatus', { jobID: job.data.jobID })).body;
  await client.advance(5000);
  return [
    ['helper.ping', (await client.get('/helper/ping')).body],
    ['groups.search', (await client.get('/groups/search', { status: 'All', rpp: 250 })).body],
    ['emails.search', (await client.get('/emails/search', { status: 'draft,scheduled,sent', rpp: 250 })).body],
    ['emails.search', (await client.get('/emails/search', { deliveryType: 'automated', automatedResults: 'detail', rpp: 250 })).body],
    ['emails.search', (await client.get('/emails/search', { deliveryType: 'transactional', rpp: 250 })).body],
    ['contacts.import', (await client.importContacts({ contacts: [{ email: 'schema@example.com' }, { email: 'bad' }] })).body],
    ['exports.emails', job],
    ['exports.jobStatus', pending],
    ['exports.jobStatus', (await client.get('/exports/jobStatus', { jobID: job.data.jobID })).body],
  ];
}

/** The faults that break a schema or the envelope, seen by the contract's validator. */
const VALIDATOR_FAULTS: FaultName[] = [
  'ping-data-empty',
  'groups-total-members-string',
  'groups-user-id-string',
  'emails-template-id-string',
  'import-success-row-errors',
  'exports-job-id-string',
  'exports-total-records-string',
  'envelope-missing-request-id',
  'envelope-iso-datetimes',
];

describe('the mock against the contract (spec/openapi.yaml, service profile)', () => {
  const validator = createResponseValidator(loadProfile('service'));
  let client: MockClient;
  before(async () => (client = await MockClient.start({ clock: { start: '2025-06-15 12:00:00', speed: 0 } })));
  after(() => client.close());

  const issuesOf = async () =>
    (await answers(client)).flatMap(([operation, body]) => validator.validateResponse(operation, body, 'success').issues);

  it('answers every operation without a schema or envelope issue', async () => {
    await client.reset();
    assert.deepEqual(await issuesOf(), []);
  });

  it('answers errors in the error envelope', async () => {
    const refused = (await client.get('/groups/search', { rpp: 0 })).body;
    assert.deepEqual(validator.validateResponse('groups.search', refused, 'error').issues, []);
  });

  for (const name of VALIDATOR_FAULTS) {
    it(`${name} shows as an issue of its rule`, async () => {
      await client.reset();
      await client.setFaults([name]);
      try {
        const rules = new Set((await issuesOf()).map((issue) => issue.rule));
        assert.deepEqual([...rules], [FAULTS.find((fault) => fault.name === name)!.rule]);
      } finally {
        await client.setFaults([]);
      }
    });
  }
});
