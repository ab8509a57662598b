/**
 * Every token the target was given against every operation it may use, in every placement: the header,
 * and the retired query-string (GET) and body (POST) placements. The reads always; the job steps with the
 * worker's probe job (a real jobID and fileKey, when writes are allowed); contacts/import with one harmless
 * row (a fresh example.com address) when writes are allowed. exports/emails is left out: each request
 * would start a job. A shared observation (once per worker) that sends and decides nothing: the placement
 * rules and the Application-Only token rule judge its exchanges with everything else the run sent.
 */
import { observation, TOKEN_NAMES, type TokenName, type TokenPlacement } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { logSavedContacts, readImport } from '../shared/import-answer';
import { sharedProbeJob } from './probe-job';
import { importProbe, jobProbes, readProbes, runProbes, type Probe, type ProbeResult } from './probes';

export interface MatrixCell extends ProbeResult {
  token: TokenName;
  placement: TokenPlacement;
}

/** The token names the target has: full always, the others when given (token:<name> capabilities). */
const tokensOf = (capabilities: ReadonlySet<string>): TokenName[] => TOKEN_NAMES.filter((name) => name === 'full' || capabilities.has(`token:${name}`));

/** Where a probe can carry the token: the header, and the query string for GET or the body for POST. */
const placementsOf = (probe: Probe): TokenPlacement[] => ['header', probe.op === 'contacts.import' || probe.options.method === 'POST' ? 'body' : 'query'];

export const tokenMatrix = observation('every token against every operation it may use, in every placement', async ({ api, target, createdContacts }): Promise<MatrixCell[]> => {
  const writes = target.capabilities.has('writes');
  const job = writes ? await sharedProbeJob(api, target) : {};
  // Without a real job a jobStatus or getFile answer says nothing of the token (jobProbes' stand-in jobID is left out).
  const jobSteps = job.jobID === undefined ? [] : jobProbes(job);
  const cells: MatrixCell[] = [];
  for (const token of tokensOf(target.capabilities)) {
    for (const placement of ['header', 'query', 'body'] as const) {
      const probes = [...readProbes(), ...jobSteps, ...(writes ? [importProbe(addresses)] : [])].filter((probe) => placementsOf(probe).includes(placement));
      for (const result of await runProbes(api, probes, token, { tokenIn: placement })) cells.push({ ...result, token, placement });
    }
  }
  for (const { response } of cells) if (response.op === 'contacts.import') logSavedContacts(target, createdContacts, readImport(response, target));
  return cells;
});
