import { defineCheck, endOf, type ApiClient, type CheckContext, type Target, type TrafficContext, type Judgement } from '../../harness/check';
import { readDatetime } from '../../harness/oracles';
import { issuedDownloads, VerdictTally, withBudgetReason, type IssuedDownload } from '../shared/judges';
import { announcedExpirations, latestBefore, latestOf, type Announcement } from './announced-expirations';
import { exportOverSends, exportWithRecords, fileFetched, type ExportWithRecords } from './export-with-records';
import { fileKeyOf, phaseOf, fileExpirationOf } from '../../harness/model';
import {
  fetchFile, fetchOfExchange, firstMomentPast, lastMomentBefore, seconds, sleepUntil, surelyBefore, surelyPast, targetClock, waitLimit,
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

export default defineCheck({
  rule: 'exports.getFile.availability',
  title: 'the file of a completed job is served again, also after a pause, until fileExpiration, and refused after it',
  drive: (ctx) => driveFileLifetime(ctx),
  judge: (ctx) => judgeAvailability(ctx),
});

/**
 * The file of the job with records, fetched again at once, again after a pause (as late before fileExpiration
 * as the clocks allow), and once fileExpiration has surely passed when that is within the wait limit. Before
 * each of these the job is polled again: every answer announces a fileExpiration (and a fileKey), and the file
 * must be available until the latest of them, so a poll that moves it later makes the next getFile one before
 * it (done up to EXPIRY_ROUNDS times). Where the target's clock stands is read from the Date headers of its
 * answers (file-lifetime.ts). When the shared job's file is too close to its expiration for the pause (a short
 * file lifetime, and other tests ran since its download), a job of this driver's own is run and its file
 * fetched instead.
 */
async function driveFileLifetime({ api, target, observe }: CheckContext): Promise<void> {
  const shared = issuedFileOf(await observe(exportWithRecords), target);
  const file = shared && Date.now() + MIN_PAUSE_MS <= lastMomentBefore(targetClock([shared.first]), shared.until) ? shared : issuedFileOf(await exportOverSends({ api, target }, 1), target);
  if (!file) return;
  const { fileKey, first, finishedAt, jobID } = file;
  const announce = (until: number) => pollExpiration(api, target, jobID, fileKey, until);
  let until = await announce(file.until);
  const fetches: Fetch[] = [first, await fetchFile(api, fileKey, 'again at once')];
  if (surelyPast(finishedAt, targetClock(fetches), until)) return;
  until = await announce(until);
  const paused = await fetchAfterPause(api, target, fileKey, fetches, until);
  if (paused) fetches.push(paused);
  for (let round = 0; round < EXPIRY_ROUNDS; round++) {
    const clock = targetClock(fetches);
    // Once the file was refused before its expiration, waiting for that expiration adds nothing.
    if (fetches.some((fetch) => surelyBefore(fetch, clock, until) && !fileFetched(fetch.response))) return;
    const at = firstMomentPast(clock, until);
    if (at > waitLimit(target).until) return;
    await sleepUntil(at);
    const announced = await announce(until);
    const moved = announced > until;
    until = announced;
    fetches.push(await fetchFile(api, fileKey, moved ? 'past the fileExpiration announced before, before the later one a poll just announced' : 'once fileExpiration had surely passed'));
    if (!moved) return;
  }
}

/** How many times the driver waits past a fileExpiration that a poll then moves later. */
const EXPIRY_ROUNDS = 3;

/** Polls the job: the latest of `until` and the fileExpiration its answer announces for the same fileKey. */
async function pollExpiration(api: ApiClient, target: Target, jobID: number, fileKey: string, until: number): Promise<number> {
  const answer = await api.call('exports.jobStatus', { params: { jobID } });
  if (phaseOf(answer, target.profile) !== 'completed' || fileKeyOf(answer, target.profile) !== fileKey) return until;
  const expiration = fileExpirationOf(answer, target.profile);
  const announced = expiration === undefined ? undefined : readDatetime(expiration, target.profile.datetime.format)?.getTime();
  return announced === undefined ? until : Math.max(until, announced);
}

/** A flow's issued file: its job and key, when it expires (our ms), its first download as a fetch, when the job was seen Completed. */
function issuedFileOf(flow: ExportWithRecords, target: Target): { jobID: number; fileKey: string; until: number; first: Fetch; finishedAt: number } | undefined {
  const { job, download } = flow;
  if (!job?.fileKey || !download || job.expiration === undefined) return undefined;
  const until = readDatetime(job.expiration, target.profile.datetime.format)?.getTime();
  if (until === undefined) return undefined;
  const receivedAt = flow.downloadedAt ?? job.finishedAt;
  return { jobID: job.jobID, fileKey: job.fileKey, until, finishedAt: job.finishedAt, first: { label: 'with the job', sentAt: receivedAt - download.durationMs, receivedAt, response: download } };
}

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

/** The halves of the statement each fileKey showed: served again after a pause before fileExpiration; refused after it. */
const HALVES = {
  servedAgain: `the file served again ${seconds(MIN_PAUSE_MS)} s or more after its first download, surely before its fileExpiration`,
  refusedAfter: 'getFile asked once fileExpiration had surely passed',
};

/**
 * Per issued fileKey (getFile with a working token of a key a Completed job issued, in recorded order), on
 * the target's clock as its answers' Date headers tell it: every getFile answered surely before the latest
 * fileExpiration announced for that key before it was sent (every jobStatus answer carrying the key announces
 * one: announced-expirations.ts; the file is available until each of them) serves the file, every one sent once
 * the latest fileExpiration ever announced for it had surely passed is refused (a file whose first download
 * served nothing, or whose fileExpiration had passed when its job completed, is left to the rules of those).
 * Decided on the whole statement: it passes once a file was seen served again after a pause and a file was seen
 * refused after its expiration; inconclusive, naming the half never exercised, otherwise.
 */
export function judgeAvailability(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  const seen = new Set<string>();
  const announced = announcedExpirations(ctx.traffic, ctx.target);
  const byKey = new Map<string, IssuedDownload[]>();
  for (const issued of issuedDownloads(ctx)) byKey.set(issued.fileKey, [...(byKey.get(issued.fileKey) ?? []), issued]);
  for (const [fileKey, downloads] of byKey) {
    const announcements = announced.get(fileKey) ?? [];
    const firstAnnounced = announcements[0];
    if (firstAnnounced === undefined) {
      tally.skip('a Completed job carried no readable fileExpiration (exports.job.file-key and envelope.datetime-format judge that)');
      continue;
    }
    const fetches = downloads.map(({ download }, i) => fetchOfExchange(download, i === 0 ? 'the first download' : `download ${i + 1}`));
    const clock = targetClock(fetches);
    // Whether the file is served at all is getFile.file's; a fileExpiration already past when the job completed, job.expiration's.
    if (!fileFetched(fetches[0]!.response)) {
      tally.skip('the first download of a file served no file (exports.getFile.file judges that)');
      continue;
    }
    if (surelyPast(endOf(downloads[0]!.completed), clock, firstAnnounced.until)) {
      tally.skip('a fileExpiration had already passed when its job was seen Completed (exports.job.expiration judges that)');
      continue;
    }
    const first = fetches[0]!.receivedAt;
    const latest = latestOf(announcements)!;
    const byFetch = new Map(fetches.map((fetch) => [fetch, latestBefore(announcements, fetch.sentAt) ?? firstAnnounced]));
    const actual = summary(fetches, clock, byFetch);
    const moved = new Set(announcements.map(({ until }) => until)).size > 1;
    if (moved) tally.note(`the fileExpiration announced for ${fileKey} moved between polls (${announcements.map(({ expiration }) => expiration).join(', ')}): each getFile is judged by the latest announced before it`);
    const before = fetches.filter((fetch) => surelyBefore(fetch, clock, byFetch.get(fetch)!.until));
    for (const fetch of before) {
      const by = byFetch.get(fetch)!;
      tally.expect(fileFetched(fetch.response), {
        title: `getFile refused the file of ${fileKey} (${fetch.label}, ${seconds(fetch.receivedAt - first)} s after the first) before its fileExpiration ${JSON.stringify(by.expiration)}${moved ? ' (the latest announced before it)' : ''}`,
        expected: 'a success carrying the file at every fetch before fileExpiration',
        actual: { fetches: actual, announced: announcements.map(({ expiration }) => expiration), clock: clock.basis }, response: fetch.response,
      });
    }
    if (before.length >= 2 && before.some((fetch) => fetch.receivedAt - first >= MIN_PAUSE_MS)) seen.add(HALVES.servedAgain);
    for (const fetch of fetches.filter((f) => surelyPast(f.sentAt, clock, latest.until))) {
      seen.add(HALVES.refusedAfter);
      tally.expect(fetch.response.outcome === 'error', {
        title: `getFile refuses the file of ${fileKey} once its fileExpiration ${JSON.stringify(latest.expiration)}${moved ? ' (the latest announced)' : ''} has passed (${fetch.label})`,
        expected: 'error', actual: { outcome: fetch.response.outcome, bytes: fetch.response.file?.length ?? 0, clock: clock.basis }, response: fetch.response,
      });
    }
  }
  const unexercised = Object.values(HALVES).filter((half) => !seen.has(half));
  const missing = tally.judged > 0 && unexercised.length > 0 ? [`never exercised: ${unexercised.join('; ')} (held: ${[...seen].join('; ') || 'getFile served the file before its fileExpiration'})`] : [];
  return tally.verdicts({ none: withBudgetReason(ctx, `no getFile of a fileKey a Completed job issued${byKey.size > 0 ? ', with a readable fileExpiration' : ''}`), missing });
}

const summary = (fetches: Fetch[], clock: TargetClock, byFetch: ReadonlyMap<Fetch, Announcement>) =>
  fetches.map((fetch) => ({
    fetch: fetch.label,
    afterFirstS: seconds(fetch.receivedAt - fetches[0]!.receivedAt),
    fileExpiration: byFetch.get(fetch)!.expiration,
    surelyBeforeExpiration: surelyBefore(fetch, clock, byFetch.get(fetch)!.until),
    outcome: fetch.response.outcome,
    bytes: fetch.response.file?.length ?? 0,
    errors: fetch.response.errors,
  }));
