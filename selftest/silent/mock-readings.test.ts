/**
 * The observers read the reference mock as the catalogue says it reads: a few requests through the harness's
 * own client (each answer read as a run reads it) against the default mock and the alt variant, and the
 * readings observed at the points those requests show are the catalogue's `mock.default` and `mock.alt`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadSilentPoints } from '../../harness/contract';
import { resolveTarget } from '../../harness/core';
import { createApiClient, ExchangeLog } from '../../harness/exchanges';
import { observeSilentPoints } from '../../harness/silent';
import { startMock } from '../../mock';
import type { Variant } from '../../mock';

/** The points the requests below show, on both sides. */
const SHOWN = [
  'records.absent-value', 'records.boolean-form', 'records.extra-members', 'search.tie-order', 'paging.link-form', 'paging.empty-total-pages',
  'paging.beyond-last', 'errors.messages-form', 'exports.running-statuses', 'exports.job-extras',
];

async function observeMock(variant: Variant) {
  const mock = await startMock({ variant, exportPendingPolls: 2 });
  try {
    const target = resolveTarget({ EMS_BASE_URL: mock.baseUrl, EMS_TOKEN: mock.tokens.full, EMS_MAX_RPS: '100000' });
    const log = new ExchangeLog();
    const api = createApiClient(target, {
      recorder: { request: () => {}, transportFailure: () => {}, exchange: (response, startedAt, token) => log.add(response, startedAt, token) },
    });
    for (const sortDirection of ['asc', 'desc']) await api.call('groups.search', { params: { status: 'All', rpp: 250, sortField: 'totalMembers', sortDirection } });
    await api.call('groups.search', { params: { rpp: 5, page: 1 } });
    await api.call('groups.search', { params: { rpp: 5, page: 999 } });
    await api.call('groups.search', { params: { groupName: 'no group is called this' } });
    await api.call('groups.search', { params: { rpp: 0 } });
    const requested = await api.call('exports.emails', { params: { startDate: '2024-01-01', endDate: '2024-01-31' } });
    const jobID = (requested.payload as { jobID?: number }).jobID;
    for (let poll = 0; poll < 6; poll++) {
      const answer = await api.call('exports.jobStatus', { params: { jobID } });
      if (['Completed', 'Failed'].includes(String(answer.job?.status))) break;
    }
    return observeSilentPoints(log.traffic(), target);
  } finally {
    await mock.close();
  }
}

describe('the observers read the mock as the catalogue says', () => {
  for (const variant of ['default', 'alt'] as const) {
    test(`variant ${variant}`, { timeout: 60_000 }, async () => {
      const observations = new Map((await observeMock(variant)).map((observation) => [observation.point, observation]));
      for (const point of loadSilentPoints().points.filter((p) => SHOWN.includes(p.id))) {
        const observed = observations.get(point.id)!;
        assert.deepEqual(observed.readings, [point.mock?.[variant]], `${point.id} on the ${variant} mock: ${observed.evidence.join(' | ')}`);
      }
    });
  }
});
