/**
 * Every operation probed twice: without a token, and with a well-formed token nobody issued. The checks
 * of the missing and the invalid token share these probes (and the export job they run meanwhile).
 */
import { LANES, RangeLane } from '../../generators';
import { observation, type TokenChoice } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { logSavedContacts } from '../shared/saved-contacts';
import { sharedProbeJob, type ProbeJob } from './probe-job';
import { jobProbes, readProbes, runProbes, unissuedToken, writeProbes, type Probe, type ProbeResult } from './probes';
import { readImport } from '../../harness/model';

export interface TokenProbes {
  withoutToken: ProbeResult[];
  withInvalid: ProbeResult[];
  /** What was not probed, or not probed as it should be, and why. */
  notes: string[];
}

export const tokenProbes = observation('every operation probed without a token and with a token nobody issued', async ({ api, target, createdContacts }): Promise<TokenProbes> => {
  const writes = target.capabilities.has('writes');
  const invalid: TokenChoice = { raw: unissuedToken() };
  const [noneWrites, invalidWrites] = writes
    ? [writeProbes(addresses, new RangeLane(LANES.authNoToken, target.seed)), writeProbes(addresses, new RangeLane(LANES.authInvalidToken, target.seed))]
    : [[], []];
  const probeBoth = (without: Probe[], withInvalid: Probe[]) => Promise.all([runProbes(api, without, 'none'), runProbes(api, withInvalid, invalid)]);
  // With writes, a real job gives a jobID and a fileKey to probe with; the other probes run meanwhile.
  const [job, [firstWithout, firstInvalid]] = await Promise.all([
    writes ? sharedProbeJob(api, target) : Promise.resolve<ProbeJob>({ missing: 'writes are not allowed (EMS_ALLOW_WRITES=1), so no export job was started' }),
    probeBoth([...readProbes(), ...noneWrites], [...readProbes(), ...invalidWrites]),
  ]);
  const [jobWithout, jobInvalid] = await probeBoth(jobProbes(job), jobProbes(job));
  const withoutToken = [...firstWithout, ...jobWithout];
  const withInvalid = [...firstInvalid, ...jobInvalid];
  for (const { response } of [...withoutToken, ...withInvalid]) if (response.op === 'contacts.import') logSavedContacts(target, createdContacts, readImport(response, target));

  const notes: string[] = [];
  if (job.fileKey === undefined) notes.push(`exports/getFile not probed: ${job.missing ?? 'no fileKey'} (an unknown fileKey is refused whatever the token)`);
  if (job.jobID === undefined) notes.push('exports/jobStatus probed with jobID 1, which may not exist, so its refusal may be about the jobID');
  if (!writes) notes.push('contacts/import and exports/emails not probed: they write if the target is broken, and writes are not allowed (EMS_ALLOW_WRITES=1)');
  return { withoutToken, withInvalid, notes };
});
