/**
 * Token probes: the requests that make each operation's call otherwise valid (so a refusal can only be
 * about the token), run with a token choice, and the refusals they must earn.
 */
import { randomUUID } from 'node:crypto';
import type { AddressBook, RangeLane } from '../../generators';
import type { ApiClient, ApiResponse, CallOptions, TokenChoice } from '../../harness/check';
import type { OperationKey } from '../../harness/types';

/** A well-formed token (a GUID, upper case like the service's) that no target issued. */
export const unissuedToken = (): string => randomUUID().toUpperCase();

/** One request of a token probe: the operation and how to call it apart from the token. */
export interface Probe {
  op: OperationKey;
  label: string;
  options: CallOptions;
}

/** The read probes of the searches and the ping: each with parameters it accepts, the searches with both methods. */
export function readProbes(): Probe[] {
  return [
    { op: 'helper.ping', label: 'helper/ping', options: {} },
    { op: 'groups.search', label: 'groups/search (GET)', options: { method: 'GET' } },
    { op: 'groups.search', label: 'groups/search (POST)', options: { method: 'POST' } },
    { op: 'emails.search', label: 'emails/search (GET)', options: { method: 'GET' } },
    { op: 'emails.search', label: 'emails/search (POST)', options: { method: 'POST' } },
  ];
}

/**
 * The job probes: jobStatus and getFile with the real jobID and fileKey when there are some
 * (otherwise a refusal might be about the unknown ID, not the token). Without a real job, jobStatus
 * gets jobID 1, which may not exist (the evidence says so), and getFile is not probed at all (an
 * unknown key is refused whatever the token).
 */
export function jobProbes(job: { jobID?: number; fileKey?: string }): Probe[] {
  const jobID = job.jobID ?? 1;
  const jobLabel = job.jobID === undefined ? 'exports/jobStatus (jobID 1, not known to exist)' : `exports/jobStatus (job ${jobID})`;
  const probes: Probe[] = [{ op: 'exports.jobStatus', label: jobLabel, options: { params: { jobID } } }];
  if (job.fileKey !== undefined) probes.push({ op: 'exports.getFile', label: 'exports/getFile (an issued fileKey)', options: { params: { fileKey: job.fileKey } } });
  return probes;
}

/** A harmless import: one contact, a fresh address on the reserved example.com domain. */
export const importProbe = (book: AddressBook): Probe => ({ op: 'contacts.import', label: 'contacts/import', options: { params: { contacts: [{ email: book.fresh() }] } } });

/** The write probes: a one-contact import of a fresh example.com address, and an export of a range unique to the probe. */
export function writeProbes(book: AddressBook, lane: RangeLane): Probe[] {
  const range = lane.fresh(7);
  return [
    importProbe(book),
    { op: 'exports.emails', label: `exports/emails (${range.startDate}..${range.endDate})`, options: { params: { ...range } } },
  ];
}

export interface ProbeResult {
  probe: Probe;
  response: ApiResponse;
}

/** Runs the probes at once, each with the token as given (and placed as given). */
export async function runProbes(api: ApiClient, probes: Probe[], token: TokenChoice, options: Pick<CallOptions, 'tokenIn'> = {}): Promise<ProbeResult[]> {
  return Promise.all(probes.map(async (probe) => ({ probe, response: await api.call(probe.op, { ...probe.options, token, ...options }) })));
}
