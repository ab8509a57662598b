/**
 * The envelope rules' driver. Their judges read every answer of the run; these probes make a few
 * requests of each kind (successes, and refusals of several causes, none of which writes anything) so
 * that the envelope rules are decided even when every other suite is filtered out.
 */
import fc from 'fast-check';
import { observation, type ApiClient, type ApiResponse, type CallOptions, type CheckContext, type Target } from '../../harness/check';
import type { OperationKey } from '../../harness/types';
import { boundsOf, unknownValue } from '../../generators';

interface Probe {
  what: string;
  op: OperationKey;
  options: CallOptions;
}

export interface ProbeResult {
  what: string;
  response: ApiResponse;
}

/** Sends each probe; a transport failure is kept as the answer (the checks judge it). */
async function send(api: ApiClient, probes: Probe[]): Promise<ProbeResult[]> {
  const results: ProbeResult[] = [];
  for (const probe of probes) results.push({ what: probe.what, response: await api.call(probe.op, { ...probe.options, allowTransportFailure: true }) });
  return results;
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
    // getFile answers the file or, for a key no job issued, the envelope's error (service-facts.md: every body but the file is JSON).
    { what: 'exports/getFile with an unknown fileKey', op: 'exports.getFile', options: { params: { fileKey: unissuedFileKey(target.seed) } } },
  ];
  if (target.allowWrites) {
    probes.push(
      { what: 'contacts/import without contacts', op: 'contacts.import', options: { params: {} } },
      { what: 'exports/emails with a malformed startDate', op: 'exports.emails', options: { params: { startDate: 'not-a-date', endDate: 'not-a-date' } } },
    );
  }
  return probes;
}

/** A GUID no job issues (its form is the service's; its digits the seed's, so a replay sends the same). */
function unissuedFileKey(seed: number): string {
  return `E0000000-0000-4000-8000-${String(seed % 1_000_000_000_000).padStart(12, '0')}`;
}

/** Requests a conforming target answers with a success: helper/ping, groups/search, emails/search (POST). */
export const successProbes = observation('envelope probes answered with a success (helper/ping, groups/search, emails/search)', ({ api }) =>
  send(api, [
    { what: 'helper/ping', op: 'helper.ping', options: {} },
    { what: 'groups/search', op: 'groups.search', options: { params: { rpp: boundsOf('groups.search', 'rpp').max } } },
    { what: 'emails/search (POST)', op: 'emails.search', options: { method: 'POST', params: { rpp: boundsOf('emails.search', 'rpp').max } } },
  ]),
);

/** Requests a conforming target refuses: a bad parameter, a bad or missing token, an unknown jobID or fileKey. */
export const refusalProbes = observation('envelope probes answered with a refusal (bad parameter, bad or missing token, unknown jobID or fileKey)', ({ api, target }) =>
  send(api, refusals(target)),
);

/** Sends the probes the envelope rules need (each computed once per worker): successes, and refusals unless `successesOnly`. */
export async function driveEnvelopes({ observe }: Pick<CheckContext, 'observe'>, { successesOnly = false } = {}): Promise<void> {
  await observe(successProbes);
  if (!successesOnly) await observe(refusalProbes);
}
