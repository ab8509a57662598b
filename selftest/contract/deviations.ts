import type { OperationKey } from '../../harness/types';
import { parsePointer } from '../../harness/contract';
import * as sample from './samples';

export type ProfileName = 'service' | 'rest';
type Json = Record<string, unknown>;

/** One hand-built deviation and the issue it must raise. */
export interface Deviation {
  name: string;
  op: OperationKey;
  outcome: 'success' | 'error';
  /** The deviating body, in the representation of `representation`. */
  body: () => Json;
  /** Pointer (service representation) the issue must name; the REST pointer is derived. */
  pointer: string;
  keyword: string;
  constraint: string;
  rule: string;
  /** Profiles the deviation runs through; service bodies are converted for REST. */
  profiles: ProfileName[];
  representation: ProfileName;
}

export const REMOVE = Symbol('remove');

/** A copy of a sample body with the value at each pointer replaced (or removed with REMOVE). */
export function changed(build: () => object, changes: Record<string, unknown>): () => Json {
  return () => {
    const body = build() as Json;
    for (const [pointer, value] of Object.entries(changes)) {
      const segments = parsePointer(pointer);
      const last = segments.pop() ?? '';
      const parent = segments.reduce<Json>((node, segment) => node[segment] as Json, body);
      if (value === REMOVE) delete parent[last];
      else parent[last] = value;
    }
    return body;
  };
}

type Case = Pick<Deviation, 'name' | 'op' | 'keyword' | 'constraint'> & Partial<Omit<Deviation, 'body'>> & {
  base: () => object;
  at: string;
  value: unknown;
};

function deviation(c: Case): Deviation {
  return {
    name: c.name,
    op: c.op,
    outcome: c.outcome ?? 'success',
    body: changed(c.base, { [c.at]: c.value }),
    pointer: c.pointer ?? c.at,
    keyword: c.keyword,
    constraint: c.constraint,
    rule: c.rule ?? (c.keyword === 'format' ? 'envelope.datetime-format' : `schema.${c.op}`),
    profiles: c.profiles ?? ['service', 'rest'],
    representation: c.representation ?? 'service',
  };
}

const ping = () => sample.serviceSuccess(sample.ping());
const groups: Pick<Case, 'op' | 'base'> = { op: 'groups.search', base: sample.groupsPage };
const emails: Pick<Case, 'op' | 'base'> = { op: 'emails.search', base: sample.emailsPage };
const envelope: Pick<Case, 'op' | 'base' | 'rule' | 'profiles'> = { op: 'helper.ping', base: ping, rule: 'envelope.shape', profiles: ['service'] };
const SERVICE_DATETIME = 'format: ems-datetime (YYYY-MM-DD HH:MM:SS)';

const CASES: Case[] = [
  // Group records
  { ...groups, name: 'groupID as a string', at: '/data/records/1/groupID', value: '7', keyword: 'type', constraint: 'type: integer' },
  { ...groups, name: 'groupID as ""', at: '/data/records/1/groupID', value: '', keyword: 'type', constraint: 'type: integer' },
  { ...groups, name: 'groupName missing', at: '/data/records/1/groupName', value: REMOVE, keyword: 'required', constraint: 'required: groupName' },
  { ...groups, name: 'group status outside the enum', at: '/data/records/0/status', value: 'Deleted', keyword: 'enum', constraint: 'enum: Active, Archived' },
  { ...groups, name: 'group status in request case', at: '/data/records/0/status', value: 'active', keyword: 'enum', constraint: 'enum: Active, Archived' },
  { ...groups, name: 'group type outside the enum', at: '/data/records/0/type', value: 'Smart', keyword: 'enum', constraint: 'enum: Static, Dynamic' },
  { ...groups, name: 'private as a string', at: '/data/records/0/private', value: 'yes', keyword: 'type', constraint: 'type: boolean' },
  { ...groups, name: 'private as 2', at: '/data/records/0/private', value: 2, keyword: 'type', constraint: 'type: boolean' },
  { ...groups, name: 'totalMembers as a string', at: '/data/records/1/totalMembers', value: '12', keyword: 'type', constraint: 'type: integer' },
  { ...groups, name: 'malformed dateAdded', at: '/data/records/0/dateAdded', value: '2013/02/12 02:42', keyword: 'format', constraint: SERVICE_DATETIME },
  // A date never set is "" on the real service (service-facts.md, Values): the service profile tolerates it (validator.test.ts, quirks).
  { ...groups, name: 'dateAdded "" (required)', at: '/data/records/0/dateAdded', value: '', keyword: 'format', constraint: SERVICE_DATETIME, profiles: ['rest'] },
  { ...groups, name: 'records not an array', at: '/data/records', value: {}, keyword: 'type', constraint: 'type: array' },
  // Email records
  { ...emails, name: 'deliveryType in request case', at: '/data/records/0/deliveryType', value: 'manual', keyword: 'enum', constraint: 'enum: Manual, Automated, Transactional' },
  { ...emails, name: 'email status outside the enum', at: '/data/records/0/status', value: 'Archived', keyword: 'enum', constraint: 'enum: Draft, Sent, Scheduled' },
  { ...emails, name: 'emailID not an integer', at: '/data/records/0/emailID', value: 1.5, keyword: 'type', constraint: 'type: integer' },
  { ...emails, name: 'campaignIDs of strings', at: '/data/records/0/campaignIDs/1', value: '9', keyword: 'type', constraint: 'type: integer' },
  { ...emails, name: 'metrics counter as a string', at: '/data/records/0/metrics/views', value: '10', keyword: 'type', constraint: 'type: integer' },
  { ...emails, name: 'malformed schedule datetime', at: '/data/records/0/schedule/dateScheduled', value: 'tomorrow', keyword: 'format', constraint: SERVICE_DATETIME },
  { ...emails, name: 'dateSent with a zone designator', at: '/data/records/0/dateSent', value: '2013-03-01 08:00:00 GMT', keyword: 'format', constraint: SERVICE_DATETIME },
  { ...emails, name: 'metrics missing', at: '/data/records/0/metrics', value: REMOVE, keyword: 'required', constraint: 'required: metrics' },
  // Paging
  { ...groups, name: 'paging rpp over the bound (a page of 251)', at: '/data/paging/rpp', value: 251, keyword: 'maximum', constraint: 'maximum: 250' },
  { ...emails, name: 'paging page 0', at: '/data/paging/page', value: 0, keyword: 'minimum', constraint: 'minimum: 1' },
  { ...groups, name: 'paging totalPages missing', at: '/data/paging/totalPages', value: REMOVE, keyword: 'required', constraint: 'required: totalPages' },
  { ...groups, name: 'paging totalRecords as a string', at: '/data/paging/totalRecords', value: '41', keyword: 'type', constraint: 'type: integer' },
  { ...emails, name: 'paging next as a number', at: '/data/paging/next', value: 2, keyword: 'type', constraint: 'type: string' },
  // Other payloads
  { op: 'helper.ping', base: ping, name: 'ping message not pong', at: '/data/message', value: 'ping', keyword: 'const', constraint: 'const: "pong"' },
  { op: 'contacts.import', base: () => sample.serviceSuccess(sample.importResponse()), name: 'recordsInData as a string', at: '/data/recordsInData', value: '2', keyword: 'type', constraint: 'type: integer' },
  { op: 'contacts.import', base: () => sample.serviceSuccess(sample.importResponse()), name: 'row success 2', at: '/data/contactResults/0/success', value: 2, keyword: 'enum', constraint: 'enum: 0, 1' },
  { op: 'contacts.import', base: () => sample.serviceSuccess(sample.importResponse()), name: 'error detail on a successful row', at: '/data/contactResults/0/errors', value: ['invalid email'], keyword: 'maxItems', constraint: 'maxItems: 0' },
  { op: 'contacts.import', base: () => sample.serviceSuccess(sample.importResponse()), name: 'row email missing', at: '/data/contactResults/1/email', value: REMOVE, keyword: 'required', constraint: 'required: email' },
  { op: 'exports.emails', base: () => sample.serviceSuccess(sample.exportRequest()), name: 'jobID as a string', at: '/data/jobID', value: 'abc', keyword: 'type', constraint: 'type: integer' },
  { op: 'exports.jobStatus', base: () => sample.serviceSuccess(sample.completedJob()), name: 'job status outside the enum', at: '/data/status', value: 'Done', keyword: 'enum', constraint: 'enum: Pending, In Progress, Completed, Failed' },
  { op: 'exports.jobStatus', base: () => sample.serviceSuccess(sample.completedJob()), name: 'fileExpiration date only', at: '/data/fileExpiration', value: '2013-03-02', keyword: 'format', constraint: SERVICE_DATETIME },
  // The service envelope
  { ...envelope, name: 'success as a JSON boolean', at: '/success', value: true, keyword: 'type', constraint: 'type: integer' },
  { ...envelope, name: 'requestID missing', at: '/requestID', value: REMOVE, keyword: 'required', constraint: 'required: requestID' },
  { ...envelope, name: 'code as a string', at: '/code', value: '0', keyword: 'type', constraint: 'type: integer' },
  { ...envelope, name: 'errors as a string', at: '/errors', value: 'none', keyword: 'type', constraint: 'type: array' },
  { ...envelope, name: 'data missing', at: '/data', value: REMOVE, keyword: 'required', constraint: 'required: data' },
  { ...envelope, outcome: 'error', base: sample.serviceFailure, name: 'error message not a string', at: '/errors/0', value: 401, keyword: 'type', constraint: 'type: string' },
  // The REST error body
  {
    op: 'exports.getFile', outcome: 'error', base: () => ({ error: { code: 404, messages: ['no such fileKey'] } }), representation: 'rest', profiles: ['rest'],
    rule: 'envelope.shape', name: 'REST error without messages', at: '/error/messages', value: [], keyword: 'minItems', constraint: 'minItems: 1',
  },
  {
    op: 'groups.search', outcome: 'error', base: () => ({ error: { code: 401, messages: ['no token'] } }), representation: 'rest', profiles: ['rest'],
    rule: 'envelope.shape', name: 'REST error code as a string', at: '/error/code', value: 'E401', keyword: 'type', constraint: 'type: integer',
  },
];

export const DEVIATIONS: Deviation[] = CASES.map(deviation);
