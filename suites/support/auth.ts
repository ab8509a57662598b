/**
 * Support for the auth suite: tokens nobody issued, the requests that make each operation's call
 * otherwise valid (so a refusal can only be about the token), reading import rows, and finding an
 * issued token in the answer of the retired token endpoint.
 */
import { randomUUID } from 'node:crypto';
import type { ApiClient, ApiResponse, CallOptions, Target, TokenChoice } from '../../harness/core';
import type { OperationKey } from '../../harness/types';
import { AddressBook, runPrefix } from '../../generators';
import { LANES, RangeLane, findDayWithSends, pollJob, startExport, fileKeyOf, type ExportStart, type JobRun } from './exports';

/** A well-formed token (a GUID, upper case like the service's) that no target issued. */
export const unissuedToken = (): string => randomUUID().toUpperCase();

/** One request of a token probe: the operation and how to call it apart from the token. */
export interface Probe {
  op: OperationKey;
  label: string;
  options: CallOptions;
}

/** A run-unique address source for import probes (example.com, the run prefix). */
export const addressBook = (): AddressBook => new AddressBook(runPrefix());

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

/** The write probes: a one-contact import of a fresh example.com address, and an export of a range unique to the probe. */
export function writeProbes(book: AddressBook, lane: RangeLane): Probe[] {
  const range = lane.fresh(7);
  return [
    { op: 'contacts.import', label: 'contacts/import', options: { params: { contacts: [{ email: book.fresh() }] } } },
    { op: 'exports.emails', label: `exports/emails (${range.startDate}..${range.endDate})`, options: { params: { ...range } } },
  ];
}

export interface ProbeResult {
  probe: Probe;
  response: ApiResponse;
}

export async function runProbes(api: ApiClient, probes: Probe[], token: TokenChoice): Promise<ProbeResult[]> {
  return Promise.all(probes.map(async (probe) => ({ probe, response: await api.call(probe.op, { ...probe.options, token }) })));
}

/** A 0/1 (or boolean) flag of an import row. */
export const flag = (value: unknown): boolean => value === 1 || value === true || value === '1';

export interface ImportRow {
  email?: unknown;
  contactID?: unknown;
  success?: unknown;
  inserted?: unknown;
  updated?: unknown;
}

/** The row results of an import answer. */
export function importRows(response: ApiResponse): ImportRow[] {
  const result = response.importResult as { contactResults?: unknown } | undefined;
  return Array.isArray(result?.contactResults) ? (result.contactResults as ImportRow[]) : [];
}

/** The contacts an answer reports as saved, for the created-contacts log. */
export function savedContacts(response: ApiResponse): { email: string; contactID?: number }[] {
  if (response.outcome !== 'success') return [];
  return importRows(response)
    .filter((row) => flag(row.success) && typeof row.email === 'string')
    .map((row) => ({ email: row.email as string, ...(typeof row.contactID === 'number' ? { contactID: row.contactID } : {}) }));
}

export interface FoundToken {
  pointer: string;
  /** The start of the value only: an issued token is a credential. */
  preview: string;
}

/**
 * Values in a body that look like an issued access token: a non-empty string (or number) under a
 * key naming a token (accessToken, access_token, token, tokenValue...), anywhere in the body.
 */
export function tokenValuesIn(body: unknown, pointer = ''): FoundToken[] {
  if (Array.isArray(body)) return body.flatMap((item, index) => tokenValuesIn(item, `${pointer}/${index}`));
  if (!body || typeof body !== 'object') return [];
  return Object.entries(body as Record<string, unknown>).flatMap(([key, value]) => {
    const here = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    const named = /token/i.test(key) && !/type$/i.test(key);
    if (named && ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number')) {
      return [{ pointer: here, preview: `${String(value).slice(0, 4)}... (${String(value).length} characters)` }];
    }
    return tokenValuesIn(value, here);
  });
}

/** A real export job for the token probes of jobStatus and getFile: started over a range with sends, run to its end. */
export interface ProbeJob {
  start?: ExportStart;
  run?: JobRun;
  jobID?: number;
  fileKey?: string;
  /** Why there is no jobID or fileKey to probe with. */
  missing?: string;
}

export async function probeJob(api: ApiClient, target: Target): Promise<ProbeJob> {
  const found = await findDayWithSends(api, target);
  const lane = found ? new RangeLane(LANES.authFile, target.seed, { endingAt: found.day }) : new RangeLane(LANES.authFile, target.seed);
  const range = lane.fresh(30);
  const start = await startExport(api, target, range, target.exportBudgetS * 1000);
  if (start.jobID === undefined) return { start, missing: `no export job could be started over ${range.startDate}..${range.endDate}` };
  const run = await pollJob(api, target, start.jobID, start.startedAt);
  const fileKey = run.last && run.phase === 'completed' ? fileKeyOf(run.last, target.profile) : undefined;
  return {
    start,
    run,
    jobID: start.jobID,
    ...(fileKey === undefined ? { missing: `job ${start.jobID} gave no fileKey (it ended ${run.timeline.at(-1)?.status ?? 'unfinished'})` } : { fileKey }),
  };
}
