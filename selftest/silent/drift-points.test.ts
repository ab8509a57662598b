/**
 * Drift names exactly the points whose reading changed, across every catalogued point, in-process (no Playwright
 * run): one script of requests, sent through the harness's own client to the mock with its default readings, twice
 * (the same target twice: no drift), then once per other reading the mock takes at each catalogued point (one
 * reading changed: drift at that point, or at none where the script cannot show it; never at another point). The
 * observations are the run's (observeSilentPoints) and the comparison the report's (compareSilentPoints).
 *
 * Cost: 61 mock starts with some 130 requests each, in one process: measured 2026-12-07 on the shared 2-core
 * machine, about 45 s of wall time, 17 CPU-s. The script decides 38 readings changed at their point; 21 readings it
 * cannot show: points no observer reads (a parameter twice, token case, POST on GET operations, export dates,
 * duplicates while In Progress), a group in both lists (taken, its reading shows only in members no observer reads;
 * refused, observed in one run only, never drift), and text collation, anchoring and the default end, which the
 * mock's data leaves undecided.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadSilentPoints } from '../../harness/contract';
import { resolveTarget } from '../../harness/core';
import { createApiClient, ExchangeLog } from '../../harness/exchanges';
import { compareSilentPoints } from '../../harness/report/drift';
import { observeSilentPoints } from '../../harness/silent';
import type { SilentPointObservation } from '../../harness/types';
import { startMock } from '../../mock';
import { CATALOGUED_READINGS } from '../../mock/choices/points';

/** A fixed clock: two mocks started apart hold the same data and answer the same. */
const CLOCK = { start: '2026-06-15 12:00:00', speed: 0 };

type Api = ReturnType<typeof createApiClient>;

const ids = (answer: { records?: unknown[] }, field: string): number[] => (answer.records ?? []).map((record) => Number((record as Record<string, unknown>)[field]));

/** Every page of a search at rpp (a walk read whole). */
async function walk(api: Api, op: 'groups.search' | 'emails.search', params: Record<string, unknown>, rpp = 250): Promise<unknown[]> {
  const records: unknown[] = [];
  for (let page = 1; page <= 20; page++) {
    const answer = await api.call(op, { params: { ...params, rpp, page }, allowTransportFailure: true });
    records.push(...(answer.records ?? []));
    if (answer.outcome !== 'success' || page >= (answer.paging?.totalPages ?? 0)) break;
  }
  return records;
}

const WINDOW = { dateSentStart: '2025-06-01 00:00:00', dateSentEnd: '2026-06-15 12:00:00' };

/** The script: requests that show as many points as the mock's data lets them show. */
async function script(api: Api): Promise<void> {
  const EVERY = { status: 'All', type: 'All' };
  const groups = await walk(api, 'groups.search', EVERY);
  for (const sortField of ['totalMembers', 'dateLastEmailSent', 'groupName']) for (const sortDirection of ['asc', 'desc']) await walk(api, 'groups.search', { ...EVERY, sortField, sortDirection });
  await walk(api, 'groups.search', EVERY, 5);
  await api.call('groups.search', { params: { ...EVERY, rpp: 5, page: 999 }, allowTransportFailure: true });
  await api.call('groups.search', { params: { groupName: 'no group is called this' } });
  await api.call('groups.search', { params: { rpp: 0 }, allowTransportFailure: true });
  await walk(api, 'groups.search', { ...EVERY, private: true });
  const owner = (groups as Array<{ userID?: unknown }>).map((group) => Number(group.userID)).find((id) => Number.isInteger(id) && id > 0);
  if (owner !== undefined) await walk(api, 'groups.search', { ...EVERY, userID: owner });
  const named = (groups as Array<{ groupName?: string }>).map((group) => group.groupName).find((name) => typeof name === 'string' && /[A-Z]/.test(name) && name.length > 4);
  if (named) await walk(api, 'groups.search', { ...EVERY, groupName: named.slice(0, 4).toLowerCase() });

  // Inputs whose acceptance is unwritten, each alone, beside the same search without it.
  await api.call('groups.search', { params: { ...EVERY, rpp: 250, page: 1, explorationNote: 'x' }, allowTransportFailure: true });
  await api.call('groups.search', { params: { ...EVERY, type: 'STATIC', rpp: 250, page: 1 }, allowTransportFailure: true });
  await api.call('groups.search', { params: { ...EVERY, type: 'Static', rpp: 250, page: 1 } });
  const manual = { deliveryType: 'manual', ...WINDOW };
  const sent = await walk(api, 'emails.search', { ...manual, status: ['sent'] });
  await walk(api, 'emails.search', { ...manual, status: ['sent', 'draft', 'scheduled'] });
  await api.call('emails.search', { params: { deliveryType: 'manual', status: ['sent', 'draft'], rpp: 250 } });
  for (const sortField of ['title', 'dateSent']) for (const sortDirection of ['asc', 'desc']) await walk(api, 'emails.search', { ...manual, status: ['sent', 'draft', 'scheduled'], sortField, sortDirection });
  await api.call('emails.search', { params: { deliveryType: 'manual', rpp: 250 } });
  const title = (sent as Array<{ title?: string }>).map((email) => email.title).find((text) => typeof text === 'string' && text.includes(' '));
  if (title) {
    await walk(api, 'emails.search', { ...manual, status: ['sent'], title: title.split(' ')[0]! });
    await walk(api, 'emails.search', { ...manual, status: ['sent'], title: `${title.slice(0, 3).toLowerCase()}*` });
  }
  const at = (sent as Array<{ dateSent?: string }>).map((email) => email.dateSent).find((value) => typeof value === 'string' && value !== '');
  if (at) {
    await walk(api, 'emails.search', { ...manual, status: ['sent'], dateSentEnd: at });
    await walk(api, 'emails.search', { ...manual, status: ['sent'], dateSentEnd: WINDOW.dateSentEnd });
  }
  const automated = { deliveryType: 'automated', ...WINDOW };
  const summaries = await walk(api, 'emails.search', automated);
  await walk(api, 'emails.search', { ...automated, automatedResults: 'detail' });
  for (const parentEmailID of ids({ records: summaries }, 'emailID').slice(0, 3)) await walk(api, 'emails.search', { ...automated, parentEmailID, automatedResults: 'detail' });
  await api.call('emails.search', { params: { ...automated, status: ['sentx'] }, allowTransportFailure: true });
  await api.call('emails.search', { params: { ...automated, status: ['sent'] }, allowTransportFailure: true });

  const job = await api.call('exports.emails', { params: { startDate: '2025-06-01', endDate: '2026-06-14' } });
  const jobID = (job.payload as { jobID?: number } | undefined)?.jobID;
  for (let poll = 0; jobID !== undefined && poll < 6; poll++) {
    const answer = await api.call('exports.jobStatus', { params: { jobID }, allowTransportFailure: true });
    if (poll === 0) await api.call('exports.emails', { params: { startDate: '2025-06-01', endDate: '2026-06-14' }, allowTransportFailure: true });
    const fileKey = (answer.payload as { fileKey?: string } | undefined)?.fileKey;
    if (['Completed', 'Failed'].includes(String(answer.job?.status))) {
      if (fileKey) await api.call('exports.getFile', { params: { fileKey } });
      break;
    }
  }
  const empty = await api.call('exports.emails', { params: { startDate: '2001-06-01', endDate: '2001-06-02' } });
  const emptyID = (empty.payload as { jobID?: number } | undefined)?.jobID;
  for (let poll = 0; emptyID !== undefined && poll < 6; poll++) {
    const answer = await api.call('exports.jobStatus', { params: { jobID: emptyID }, allowTransportFailure: true });
    if (['Completed', 'Failed'].includes(String(answer.job?.status))) break;
  }

  const statics = (groups as Array<{ groupID: number; type?: string; status?: string }>).filter((group) => group.type === 'Static' && group.status === 'Active').map((group) => group.groupID);
  const dynamic = (groups as Array<{ groupID: number; type?: string }>).filter((group) => group.type === 'Dynamic').map((group) => group.groupID);
  const address = 'Drift.Points@example.com';
  await api.call('contacts.import', { params: { contacts: [{ email: address, customFields: { city: { value: 'Oslo' } } }, { email: 'not an address', customFields: { city: { value: 'Oslo' } } }] } });
  await api.call('contacts.import', { params: { contacts: [{ email: address, customFields: { city: { value: 'Oslo' } } }] } });
  await api.call('contacts.import', { params: { contacts: [{ email: address.toLowerCase(), customFields: { city: { value: 'Oslo' } } }] } });
  await api.call('contacts.import', { params: { contacts: [{ email: 'drift.points.4@example.com', contactID: 77 }, { email: 'drift.points.5@example.com', contactID: 78 }] }, allowTransportFailure: true });
  await api.call('contacts.import', { params: { contacts: [{ email: 'drift.points.6@example.com' }, { email: 'drift.points.6@example.com' }] }, allowTransportFailure: true });
  if (statics[1] !== undefined) await api.call('contacts.import', { params: { contacts: [{ email: 'drift.points.7@example.com' }], groupIDs: [statics[1]], removeGroupIDs: [statics[1]] }, allowTransportFailure: true });
  if (statics[0] !== undefined) {
    await walk(api, 'groups.search', { ...EVERY, groupIDs: [statics[0]] });
    await api.call('contacts.import', { params: { contacts: [{ email: 'drift.points.2@example.com' }], groupIDs: [statics[0]] } });
    await walk(api, 'groups.search', { ...EVERY, groupIDs: [statics[0]] });
  }
  if (dynamic[0] !== undefined) {
    await walk(api, 'groups.search', { ...EVERY, groupIDs: [dynamic[0]] });
    await api.call('contacts.import', { params: { contacts: [{ email: 'drift.points.3@example.com' }], groupIDs: [dynamic[0]] }, allowTransportFailure: true });
    await walk(api, 'groups.search', { ...EVERY, groupIDs: [dynamic[0]] });
  }
}

/** The observations of the script against the mock taking these readings. */
async function observed(choices: Record<string, string>): Promise<SilentPointObservation[]> {
  const mock = await startMock({ choices, clock: CLOCK, exportPendingPolls: 1 });
  try {
    const target = resolveTarget({ EMS_BASE_URL: mock.baseUrl, EMS_TOKEN: mock.tokens.full, EMS_MAX_RPS: '100000' });
    const log = new ExchangeLog();
    const api = createApiClient(target, { recorder: { request: () => {}, transportFailure: () => {}, exchange: (response, startedAt, token) => log.add(response, startedAt, token) } });
    await script(api);
    return observeSilentPoints(log.traffic(), target);
  } finally {
    await mock.close();
  }
}

const drifted = (now: SilentPointObservation[], before: SilentPointObservation[]): string[] => compareSilentPoints(now, before).drift.map((drift) => drift.point);

describe('drift names exactly the points whose reading changed, at every catalogued point', () => {
  test('the same target twice: no drift; one reading changed: drift at that point or none, never elsewhere', { timeout: 600_000 }, async (t) => {
    const base = await observed({});
    const again = await observed({});
    assert.deepEqual(drifted(again, base), [], 'the same target twice drifts nowhere');
    const decided = base.filter((observation) => observation.readings.length > 0).map((observation) => observation.point);
    t.diagnostic(`the script decides ${decided.length} points on the default mock: ${decided.join(', ')}`);
    assert.ok(decided.length >= 33, `the script decides most points (${decided.length})`);

    const defaults = new Map(base.map((observation) => [observation.point, observation]));
    const shown: string[] = [];
    const unseen: string[] = [];
    const wrong: string[] = [];
    const catalogued = new Set(loadSilentPoints().points.map((point) => point.id));
    for (const [point, readings] of Object.entries(CATALOGUED_READINGS)) {
      assert.ok(catalogued.has(point), `${point}: the mock varies a point the catalogue lacks`);
      const baseReadings = defaults.get(point)?.readings ?? [];
      for (const reading of readings) {
        if (baseReadings.length === 1 && baseReadings[0] === reading) continue;
        const now = await observed({ [point]: reading });
        const drift = drifted(now, base);
        const others = drift.filter((other) => other !== point);
        if (others.length > 0) wrong.push(`${point}=${reading} drifted at ${others.join(', ')}`);
        if (drift.includes(point)) shown.push(`${point}=${reading}`);
        else unseen.push(`${point}=${reading}`);
      }
    }
    t.diagnostic(`one reading changed, drift at that point: ${shown.length} (${shown.join(', ')})`);
    t.diagnostic(`not shown by the script (no drift anywhere): ${unseen.length} (${unseen.join(', ')})`);
    assert.deepEqual(wrong, [], 'a reading changed at one point drifts at no other point');
    assert.ok(shown.length >= 35, `most readings changed show as drift at their point (${shown.length})`);
  });
});
