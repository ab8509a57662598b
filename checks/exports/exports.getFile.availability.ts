import { defineCheck, type ApiClient, type RuleJudge, type Target } from '../../harness/core';
import { readDatetime } from '../../harness/oracles';
import { exportWithRecords, fetchedFile, fileFetched } from './export-with-records';
import {
  fetchFile, firstMomentPast, lastMomentBefore, seconds, sleepUntil, surelyBefore, surelyPast, targetClock, waitLimit,
  type Fetch, type TargetClock,
} from './file-lifetime';

/**
 * "Available until fileExpiration" is read as: every getFile answered before fileExpiration is a success
 * carrying the file (as exports.getFile.file reads "returns the export file"), not that it carries the same
 * bytes each time. The documents say the file is available, not that each download is byte-identical (a zip
 * container may well be rebuilt per download, with new timestamps); the file's content is judged by the format
 * and rows rules. After fileExpiration getFile must be refused (an error, not a success carrying a file).
 */

/** "Again after a pause": a fetch at least this long after the first download; the pause lasts at most MAX_PAUSE_MS. */
const MIN_PAUSE_MS = 1500;
const MAX_PAUSE_MS = 3000;

/** What one half of the rule came to: judged (held or failed, recorded) or not, with the words for the reason. */
interface Half {
  judged: boolean;
  failed?: boolean;
  text: string;
}

export default defineCheck({
  rule: 'exports.getFile.availability',
  title: 'the file of a completed job is served again, also after a pause, until fileExpiration, and refused after it',
  async run({ judge, api, target, observe }) {
    const flow = await observe(exportWithRecords);
    const fetched = fetchedFile(judge, flow);
    if (!fetched) return;
    const { job, fileKey, download } = fetched;
    if (job.expiration === undefined) return judge.inconclusive('the Completed job carries no fileExpiration (exports.job.file-key judges that)');
    const until = readDatetime(job.expiration, target.profile.datetime.format)?.getTime();
    if (until === undefined) return judge.inconclusive(`fileExpiration ${JSON.stringify(job.expiration)} could not be read as a datetime, so when the file expires is unknown`);
    const receivedAt = flow.downloadedAt ?? job.finishedAt;
    const fetches: Fetch[] = [{ label: 'with the job', sentAt: receivedAt - download.durationMs, receivedAt, response: download }];
    fetches.push(await fetchFile(api, fileKey, 'again at once'));
    if (surelyPast(job.finishedAt, targetClock(fetches), until)) {
      return judge.inconclusive(`fileExpiration ${JSON.stringify(job.expiration)} had already passed when the job was seen Completed (exports.job.expiration judges that), so the file's lifetime cannot be judged`);
    }
    const paused = await fetchAfterPause(api, target, fileKey, fetches, until);
    if (paused) fetches.push(paused);
    const clock = targetClock(fetches);
    const before = judgeServedBefore(judge, fetches, clock, until, job.expiration);
    // Once the file was refused before its expiration, waiting for that expiration adds nothing.
    if (before.failed) return;
    const after = await judgeRefusedAfter(judge, api, target, fileKey, clock, until, job.expiration);
    if (after.failed) return;
    const unjudged = [before, after].filter((half) => !half.judged);
    if (unjudged.length === 0) return judge.pass(`${before.text}; ${after.text}`);
    const held = [before, after].filter((half) => half.judged).map((half) => `; judged and held: ${half.text}`);
    judge.inconclusive(`not judged: ${unjudged.map((half) => half.text).join('; ')}${held.join('')} (${clock.basis})`);
  },
});

/** getFile once more, as late before fileExpiration as the clocks allow, from MIN_PAUSE_MS to MAX_PAUSE_MS after the first download. */
async function fetchAfterPause(api: ApiClient, target: Target, fileKey: string, fetches: Fetch[], until: number): Promise<Fetch | undefined> {
  const first = fetches[0]!.receivedAt;
  const now = Date.now();
  const earliest = Math.max(now, first + MIN_PAUSE_MS);
  const latest = Math.min(lastMomentBefore(targetClock(fetches), until), waitLimit(target, now).until);
  if (earliest > latest) return undefined;
  const at = Math.max(earliest, Math.min(first + MAX_PAUSE_MS, latest));
  await sleepUntil(at);
  return fetchFile(api, fileKey, `again ${seconds(at - first)} s after the first download`);
}

const summary = (fetches: Fetch[], clock: TargetClock, until: number) =>
  fetches.map((fetch) => ({
    fetch: fetch.label,
    afterFirstS: seconds(fetch.receivedAt - fetches[0]!.receivedAt),
    surelyBeforeExpiration: surelyBefore(fetch, clock, until),
    outcome: fetch.response.outcome,
    bytes: fetch.response.file?.length ?? 0,
    errors: fetch.response.errors,
  }));

/** Every fetch answered surely before fileExpiration served the file; judged when there were two or more, one after a pause. */
function judgeServedBefore(judge: RuleJudge, fetches: Fetch[], clock: TargetClock, until: number, expiration: string): Half {
  const before = fetches.filter((fetch) => surelyBefore(fetch, clock, until));
  const refused = before.find((fetch) => !fileFetched(fetch.response));
  if (refused) {
    judge.check(false, {
      title: `getFile refused the file (${refused.label}) before its fileExpiration ${JSON.stringify(expiration)}`,
      expected: 'a success carrying the file at every fetch before fileExpiration',
      actual: { fetches: summary(fetches, clock, until), clock: clock.basis },
      response: refused.response,
    });
    return { judged: true, failed: true, text: 'refused before fileExpiration' };
  }
  const paused = before.some((fetch) => fetch.receivedAt - fetches[0]!.receivedAt >= MIN_PAUSE_MS);
  const served = `getFile served the file ${before.length} times surely before fileExpiration ${JSON.stringify(expiration)} (${before.map((fetch) => fetch.label).join(', ')})`;
  if (before.length >= 2 && paused) return { judged: true, text: served };
  return { judged: false, text: `whether the file is served again${paused ? '' : ` ${seconds(MIN_PAUSE_MS)} s or more after the first download`}: too little time was left before fileExpiration ${JSON.stringify(expiration)} (${served})` };
}

/** Once fileExpiration has surely passed, getFile refuses the file; judged when that moment is within the wait limit. */
async function judgeRefusedAfter(judge: RuleJudge, api: ApiClient, target: Target, fileKey: string, clock: TargetClock, until: number, expiration: string): Promise<Half> {
  const at = firstMomentPast(clock, until);
  const limit = waitLimit(target);
  if (at > limit.until) {
    return { judged: false, text: `whether getFile refuses the file after fileExpiration ${JSON.stringify(expiration)}: that is ${seconds(at - Date.now())} s away, beyond ${limit.bound}` };
  }
  await sleepUntil(at);
  const late = await fetchFile(api, fileKey, 'once fileExpiration had surely passed');
  const refused = late.response.outcome === 'error';
  judge.check(refused, {
    title: `getFile refuses the file once its fileExpiration ${JSON.stringify(expiration)} has passed`,
    expected: 'error',
    actual: { outcome: late.response.outcome, bytes: late.response.file?.length ?? 0, clock: clock.basis },
    response: late.response,
  });
  return { judged: true, failed: !refused, text: `getFile refused the file once fileExpiration had surely passed (asked ${seconds(late.sentAt - until)} s after it by our clock)` };
}
