/**
 * Every token the target was given against every operation it may use, in every placement: the header,
 * and the retired query-string (GET) and body (POST) placements. The reads always; the job steps with the
 * worker's probe job (a real jobID and fileKey, when writes are allowed); contacts/import with one harmless
 * row (a fresh example.com address) and exports/emails over the probe job's range when writes are allowed.
 * In the header every token is asked the same requests, between two rounds of the full token (before and
 * after): a refusal the full token's answers frame is about the token (auth.app-token.still-works). The
 * export request goes one token at a time, each accepted job polled to its end before the next token asks
 * (the same request while a job is Pending is refused by the documented duplicate rule). A shared
 * observation (once per worker) that sends and decides nothing: the placement rules and the
 * Application-Only token rule judge its exchanges with everything else the run sent.
 */
import { observation, TOKEN_NAMES, type ApiClient, type Target, type TokenName, type TokenPlacement } from '../../harness/check';
import { rangeParams, type DateRange } from '../../generators';
import { pollJob } from '../../drivers';
import { addresses } from '../shared/addresses';
import { logSavedContacts } from '../shared/saved-contacts';
import { sharedProbeJob } from './probe-job';
import { importProbe, jobProbes, readProbes, runProbes, type Probe, type ProbeResult } from './probes';
import { readImport, jobIdOf } from '../../harness/model';

export interface MatrixCell extends ProbeResult {
  token: TokenName;
  placement: TokenPlacement;
}

/** The token names the target has: full always, the others when given (token:<name> capabilities). */
const tokensOf = (capabilities: ReadonlySet<string>): TokenName[] => TOKEN_NAMES.filter((name) => name === 'full' || capabilities.has(`token:${name}`));

/** Where a probe can carry the token: the header, and the query string for GET or the body for POST. */
const placementsOf = (probe: Probe): TokenPlacement[] => ['header', probe.op === 'contacts.import' || probe.options.method === 'POST' ? 'body' : 'query'];

/** The full token first, every other token, the full token again: the order the header round asks in. */
const framedOrder = (tokens: TokenName[]): TokenName[] => ['full', ...tokens.filter((token) => token !== 'full'), 'full'];

export const tokenMatrix = observation('every token against every operation it may use, in every placement', async ({ api, target, createdContacts }): Promise<MatrixCell[]> => {
  const writes = target.capabilities.has('writes');
  const job = writes ? await sharedProbeJob(api, target) : {};
  // Without a real job a jobStatus or getFile answer says nothing of the token (jobProbes' stand-in jobID is left out).
  const jobSteps = job.jobID === undefined ? [] : jobProbes(job);
  const tokens = tokensOf(target.capabilities);
  const cells: MatrixCell[] = [];
  const run = async (token: TokenName, probes: Probe[], placement: TokenPlacement) => {
    for (const result of await runProbes(api, probes, token, { tokenIn: placement })) cells.push({ ...result, token, placement });
  };
  // The header: the same requests (one import of one fresh address) for every token, framed by the full token's.
  const headerProbes = [...readProbes(), ...jobSteps, ...(writes ? [importProbe(addresses)] : [])];
  for (const token of framedOrder(tokens)) await run(token, headerProbes, 'header');
  if (writes && job.start) await exportWithEveryToken(api, target, job.start.range, tokens);
  for (const token of tokens) {
    for (const placement of ['query', 'body'] as const) {
      const probes = [...readProbes(), ...jobSteps, ...(writes ? [importProbe(addresses)] : [])].filter((probe) => placementsOf(probe).includes(placement));
      await run(token, probes, placement);
    }
  }
  for (const { response } of cells) if (response.op === 'contacts.import') logSavedContacts(target, createdContacts, readImport(response, target));
  return cells;
});

/**
 * exports/emails over the probe job's range (its job has ended) with every token in the framed order, one at a
 * time: each accepted job is polled to its end (with the full token) before the next request, so no job with the
 * same parameters is Pending when the next token asks.
 */
async function exportWithEveryToken(api: ApiClient, target: Target, range: DateRange, tokens: TokenName[]): Promise<void> {
  for (const token of framedOrder(tokens)) {
    const startedAt = Date.now();
    const response = await api.call('exports.emails', { params: rangeParams(range), token });
    const jobID = jobIdOf(response, target.profile);
    if (jobID === undefined) continue;
    const run = await pollJob(api, target, jobID, startedAt);
    if (!run.finished) return;
  }
}
