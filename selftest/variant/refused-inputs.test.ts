/**
 * Silence frees the outcome, never the meaning (spec/silent-points.yaml, harness/model/silent-inputs.ts): requests
 * holding inputs whose acceptance no sentence promises (a group in both lists, a record carrying a contactID, the
 * same email twice, an unknown parameter, another spelling of an enum value, a parameter twice, parameters sent to ping),
 * each next to what a rule judges (a row without an email, a structure other than the first record's, rpp=0),
 * recorded in-process against the mock taking the `refused` reading of every such point, and judged by every check:
 * no rule fails. The same requests against the mock taking them (its default readings) with a fault that breaks the
 * documented meaning once the call is accepted: the rule fails on exactly the exchange holding the silent input.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checks as authChecks } from '../../checks/auth';
import { checks as importChecks } from '../../checks/contacts.import';
import { checks as emailChecks } from '../../checks/emails.search';
import { checks as envelopeChecks } from '../../checks/envelope';
import { checks as exportChecks } from '../../checks/exports';
import { checks as groupChecks } from '../../checks/groups.search';
import { checks as pingChecks } from '../../checks/helper.ping';
import { judgeExchanges, type RecordedTraffic } from '../../harness/check';
import { resolveTarget, type Target } from '../../harness/core';
import { createApiClient, ExchangeLog } from '../../harness/exchanges';
import { silentInputs } from '../../harness/model';
import { startMock } from '../../mock';

const EVERY_CHECK = [...authChecks, ...importChecks, ...emailChecks, ...envelopeChecks, ...exportChecks, ...groupChecks, ...pingChecks];

/** The refusing reading of every point where a whole call may be refused for an input whose acceptance is unwritten. */
const REFUSING = {
  'import.group-in-both-lists': 'refused',
  'import.record-contactID': 'refused',
  'import.duplicate-email-in-call': 'refused',
  'import.dynamic-group': 'refused',
  'requests.unknown-parameters': 'refused',
  'requests.repeated-parameter': 'refused',
  'requests.enum-case': 'exact',
  'methods.post-on-get-operations': 'refused',
};

let counter = 0;
const fresh = () => `silent-input-${process.pid}-${++counter}@example.com`;

/** Records the requests against the mock with these readings and faults; the traffic and its target. */
async function record(choices: Record<string, string>, faults: string[] = []): Promise<{ traffic: RecordedTraffic; target: Target }> {
  const mock = await startMock({ choices, faults });
  try {
    const target = resolveTarget({ EMS_BASE_URL: mock.baseUrl, EMS_TOKEN: mock.tokens.full, EMS_MAX_RPS: '100000' });
    const log = new ExchangeLog();
    const api = createApiClient(target, { recorder: { request: () => {}, transportFailure: () => {}, exchange: (response, startedAt, token) => log.add(response, startedAt, token) } });
    const groups = await api.call('groups.search', { params: { type: 'Static', rpp: 250 } });
    const [group, other] = (groups.records ?? []).map((record) => (record as { groupID: number }).groupID);
    assert.ok(group !== undefined && other !== undefined, 'the mock has Static groups');
    // A plain import: the token works for imports, so a refusal of what follows would count were it not for its silent input.
    await api.call('contacts.import', { params: { contacts: [{ email: fresh() }] } });
    const noEmail = () => [{ email: fresh() }, { email: '' }];
    const otherKeys = () => [{ email: fresh() }, { email: fresh(), customFields: { city: { value: 'Oslo' } } }];
    for (const contacts of [noEmail(), otherKeys()]) {
      await api.call('contacts.import', { params: { contacts, groupIDs: [group], removeGroupIDs: [group, other] } });
      await api.call('contacts.import', { params: { contacts: contacts.map((record) => ({ ...record, contactID: 12345 })) } });
      const twice = fresh();
      await api.call('contacts.import', { params: { contacts: [{ ...contacts[0]!, email: twice }, ...contacts.slice(1), { ...contacts[0]!, email: twice.toUpperCase() }] } });
      await api.call('contacts.import', { params: { contacts, explorationNote: 'x' } });
    }
    for (const [op, params] of [
      ['groups.search', { rpp: 0, explorationNote: 'x' }],
      ['groups.search', { status: 'ACTIVE', sortField: 'groupName', sortDirection: 'asc' }],
      ['groups.search', { sortDirection: 'desc', sortField: 'groupID', explorationNote: 'x' }],
      ['emails.search', { deliveryType: 'MANUAL', rpp: 0 }],
      ['emails.search', { deliveryType: 'manual', sortField: 'SUBJECT', sortDirection: 'sideways', explorationNote: 'x' }],
      ['emails.search', { deliveryType: 'manual', page: ['1', '2'] }],
    ] as const) await api.call(op, { method: 'GET', params, allowTransportFailure: true });
    await api.call('helper.ping', { method: 'GET', params: { explorationNote: 'x' } });
    return { traffic: log.traffic(), target };
  } finally {
    await mock.close();
  }
}

async function verdicts(traffic: RecordedTraffic, target: Target) {
  return Promise.all(EVERY_CHECK.map(async (check) => (await judgeExchanges(check, target, traffic))!));
}

describe('silent inputs: a refusal of the whole call is an allowed answer, an accepted call keeps its meaning', () => {
  test('the mock refusing every silent input: every request holding one was refused, and no rule fails', { timeout: 60_000 }, async () => {
    const { traffic, target } = await record(REFUSING);
    const silent = traffic.exchanges.filter((exchange) => silentInputs(traffic, exchange).length > 0);
    assert.ok(silent.length >= 12, `the requests hold silent inputs (${silent.length})`);
    const accepted = silent.filter((exchange) => exchange.outcome !== 'error').map((e) => `${e.op} ${JSON.stringify(e.params)}: ${silentInputs(traffic, e).map((input) => input.what).join('; ')}`);
    assert.deepEqual(accepted, [], 'the refusing readings refuse every request holding a silent input');
    const failing = (await verdicts(traffic, target)).filter((verdict) => verdict.verdict === 'fail' || verdict.verdict === 'error');
    assert.deepEqual(failing.map((verdict) => `${verdict.rule}: ${verdict.reason}`), []);
  });

  for (const [fault, rule] of [
    ['import-missing-email-accepted', 'contacts.import.email.required'],
    ['import-structure-unchecked', 'contacts.import.structure.first-record'],
  ] as const) {
    test(`the mock taking the silent inputs, with ${fault}: ${rule} fails on calls holding them`, { timeout: 60_000 }, async () => {
      const { traffic, target } = await record({}, [fault]);
      const verdict = (await judgeExchanges(EVERY_CHECK.find((check) => check.rule === rule)!, target, traffic))!;
      assert.equal(verdict.verdict, 'fail', verdict.reason);
      const failed = traffic.exchanges.filter((exchange) => exchange.op === 'contacts.import' && exchange.outcome === 'success' && silentInputs(traffic, exchange).length > 0);
      assert.ok(failed.length >= 4, 'the mock took the calls with silent inputs');
    });
  }
});
