import { boundsOf, unknownValue } from '../generators';
import fc from 'fast-check';
import { test, type ApiClient, type ApiResponse, type CallOptions, type Judge, type Target } from '../harness/core';
import type { OperationKey } from '../harness/types';

/**
 * The client judges envelope.* on every answered request. These tests make a few requests of each kind
 * (successes, and refusals of several causes, none of which writes anything) so that the envelope rules
 * are judged even when every other suite is filtered out.
 */
const SHAPE_RULES = ['envelope.shape', 'envelope.http-status', 'envelope.error-signal'];

interface Probe {
  what: string;
  op: OperationKey;
  options: CallOptions;
}

/**
 * Sends each probe. A transport failure carrying an HTTP status (a status the profile does not declare,
 * a 5xx) fails envelope.http-status; any other transport failure leaves the envelope rules inconclusive.
 */
async function send(api: ApiClient, judge: Judge, probes: Probe[]): Promise<ApiResponse[]> {
  const answered: ApiResponse[] = [];
  for (const probe of probes) {
    const response = await api.call(probe.op, { ...probe.options, allowTransportFailure: true });
    if (response.outcome !== 'transport') {
      answered.push(response);
    } else if (response.status !== undefined) {
      judge.fail('envelope.http-status', `${probe.what}: HTTP ${response.status} is no status the target profile declares (${response.transport?.reason})`, response);
    } else {
      for (const rule of SHAPE_RULES) judge.inconclusive(rule, `${probe.what}: no answer (${response.transport?.reason} ${response.transport?.detail})`);
    }
  }
  return answered;
}

/** Refusals that write nothing; the import and export requests only when writes are allowed (they are refused, but target a writing operation). */
function refusals(target: Target): Probe[] {
  const rpp = boundsOf('groups.search', 'rpp');
  const deliveryType = fc.sample(unknownValue('emails.search', 'deliveryType'), { numRuns: 1, seed: target.seed })[0]!;
  const probes: Probe[] = [
    { what: 'groups/search with rpp below the minimum', op: 'groups.search', options: { params: { rpp: rpp.min - 1 } } },
    { what: 'groups/search (POST) with a non-integer page', op: 'groups.search', options: { method: 'POST', params: { page: 'abc' } } },
    { what: 'emails/search with an unknown deliveryType', op: 'emails.search', options: { params: { deliveryType } } },
    { what: 'helper/ping with an invalid token', op: 'helper.ping', options: { token: { raw: 'EMSCONF-NOT-A-VALID-TOKEN' } } },
    { what: 'groups/search without a token', op: 'groups.search', options: { token: 'none' } },
    { what: 'exports/jobStatus with an unknown jobID', op: 'exports.jobStatus', options: { params: { jobID: 2_000_000_000 + (target.seed % 1000) } } },
  ];
  if (target.allowWrites) {
    probes.push(
      { what: 'contacts/import without contacts', op: 'contacts.import', options: { params: {} } },
      { what: 'exports/emails with a malformed startDate', op: 'exports.emails', options: { params: { startDate: 'not-a-date', endDate: 'not-a-date' } } },
    );
  }
  return probes;
}

test.describe('envelope', () => {
  test('successes are wrapped in the envelope with the success signal and datetimes in the profile format', {
    tag: ['@rule:envelope.shape', '@rule:envelope.http-status', '@rule:envelope.error-signal', '@rule:envelope.datetime-format'],
  }, async ({ api, judge }) => {
    const answered = await send(api, judge, [
      { what: 'helper/ping', op: 'helper.ping', options: {} },
      { what: 'groups/search', op: 'groups.search', options: { params: { rpp: boundsOf('groups.search', 'rpp').max } } },
      { what: 'emails/search (POST)', op: 'emails.search', options: { method: 'POST', params: { rpp: boundsOf('emails.search', 'rpp').max } } },
    ]);
    // The client recorded the verdicts of each answer; a refusal here leaves the success side unjudged.
    const successes = answered.filter((r) => r.outcome === 'success');
    if (successes.length === 0) {
      for (const rule of [...SHAPE_RULES, 'envelope.datetime-format']) judge.inconclusive(rule, 'no request was answered with a success');
    } else if (!successes.some((r) => (r.records ?? []).length > 0)) {
      judge.inconclusive('envelope.datetime-format', 'no search returned a record, so no datetime was seen');
    }
  });

  test('refusals (bad parameter, bad or missing token, unknown jobID) are error envelopes with a code and messages', {
    tag: ['@rule:envelope.shape', '@rule:envelope.http-status', '@rule:envelope.error-signal'],
  }, async ({ api, judge, target }) => {
    const answered = await send(api, judge, refusals(target));
    if (!answered.some((r) => r.outcome === 'error')) {
      for (const rule of SHAPE_RULES) judge.inconclusive(rule, 'no request was refused, so no error envelope was seen');
    }
  });
});
