import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { operationInfo, operationParameters, type ParamSchema } from '../../harness/contract';
import type { OperationKey } from '../../harness/types';

/** The facts of a parameter a generator reads (undefined ones left out). */
function facts(schema: ParamSchema | undefined) {
  assert.ok(schema, 'parameter missing');
  const { type, default: def, enum: values, minimum, maximum, minItems, maxItems, format, required } = schema;
  const items = schema.items && { type: schema.items.type, ...(schema.items.enum && { enum: schema.items.enum }) };
  return Object.fromEntries(
    Object.entries({ type, default: def, enum: values, minimum, maximum, minItems, maxItems, format, items, required }).filter(([, v]) => v !== undefined),
  );
}

function assertParameters(op: OperationKey, expected: Record<string, Record<string, unknown>>): void {
  const actual = operationParameters(op);
  assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort(), 'parameter names');
  for (const [name, want] of Object.entries(expected)) assert.deepEqual(facts(actual[name]), { required: false, ...want }, name);
}

const integerList = { type: 'array', items: { type: 'integer' } };
const rpp = { type: 'integer', default: 20, minimum: 1, maximum: 250 };
const page = { type: 'integer', default: 1, minimum: 1 };
const sortDirection = { type: 'string', default: 'asc', enum: ['asc', 'desc'] };

describe('parameters exactly as interface.md gives them', () => {
  it('groups/search', () => {
    assertParameters('groups.search', {
      groupName: { type: 'string' },
      status: { type: 'string', default: 'Active', enum: ['Active', 'Archived', 'All'] },
      groupIDs: integerList,
      userID: { type: 'integer' },
      private: { type: 'boolean' },
      type: { type: 'string', default: 'All', enum: ['Dynamic', 'Static', 'All'] },
      page,
      rpp,
      sortField: {
        type: 'string',
        default: 'groupName',
        enum: ['groupID', 'groupName', 'dateAdded', 'dateModified', 'dateLastEmailSent', 'totalMembers', 'activeMembers'],
      },
      sortDirection,
    });
  });

  it('emails/search', () => {
    assertParameters('emails.search', {
      deliveryType: { type: 'string', default: 'manual', enum: ['manual', 'automated', 'transactional'] },
      status: { type: 'array', default: ['sent'], items: { type: 'string', enum: ['draft', 'scheduled', 'sent'] } },
      automatedResults: { type: 'string', default: 'summary', enum: ['summary', 'detail'] },
      userID: { type: 'integer' },
      title: { type: 'string' },
      subject: { type: 'string' },
      dateSentStart: { type: 'string', format: 'ems-datetime' },
      dateSentEnd: { type: 'string', format: 'ems-datetime' },
      emailIDs: integerList,
      parentEmailID: { type: 'integer' },
      transactionalCategory: { type: 'string' },
      campaignID: { type: 'integer' },
      page,
      rpp,
      sortField: { type: 'string', enum: ['emailID', 'userID', 'title', 'subject', 'dateAdded', 'dateModified', 'dateSent'] },
      sortDirection,
    });
  });

  it('emails/search defaults given in words, and the 18-month window', () => {
    const params = operationParameters('emails.search');
    assert.equal(params.sortField?.['x-default'], 'depends on status');
    assert.deepEqual(params.sortField?.['x-default-sorts'], [
      { status: ['sent'], sortField: 'dateSent', sortDirection: 'desc' },
      { status: ['scheduled', 'draft'], sortField: 'dateAdded', sortDirection: 'desc' },
    ]);
    assert.equal(params.dateSentStart?.['x-default'], '6 months before now');
    assert.equal(params.dateSentEnd?.['x-default'], 'current date');
    assert.equal(operationInfo('emails.search').paramsExtensions['x-max-window-months'], 18);
  });

  it('contacts/import', () => {
    assertParameters('contacts.import', {
      contacts: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'object' }, required: true },
      groupIDs: integerList,
      removeGroupIDs: integerList,
      updateExisting: { type: 'boolean', default: true },
    });
    const contact = operationParameters('contacts.import').contacts?.items;
    assert.deepEqual(contact?.required, ['email']);
    assert.equal(contact?.properties?.customFields?.type, 'object');
  });

  it('exports', () => {
    assertParameters('exports.emails', { startDate: { type: 'string', format: 'ems-date' }, endDate: { type: 'string', format: 'ems-date' } });
    assertParameters('exports.jobStatus', { jobID: { type: 'integer', required: true } });
    assertParameters('exports.getFile', { fileKey: { type: 'string', required: true } });
  });

  it('operations without parameters', () => {
    assert.deepEqual(operationParameters('helper.ping'), {});
    assert.deepEqual(operationParameters('login.applicationAccessToken'), {});
  });
});
