import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { test, type ApiClient, type ApiResponse, type Judge, type Sample, type Target } from '../harness/core';
import {
  LANES,
  MAX_RANGE_DAYS,
  RangeLane,
  carriesFileKey,
  fileExpirationOf,
  fileKeyOf,
  findDayWithSends,
  findRangeWithoutSends,
  phaseOf,
  pollJob,
  rangeParams,
  rangeText,
  rawJobId,
  readDatetime,
  refusalEvidence,
  retryWindowMs,
  runExport,
  startExport,
  timelineText,
  totalRecordsOf,
  unusableRun,
  type DateRange,
  type ExportRun,
  type ExportStart,
} from './support/exports';
import { dataRows, expectedEntryName, readStrictly, unpackExport } from './support/exports-file';

/** Runs of the duplicate properties: each sample starts jobs, and one waits for a job to complete. */
const DUPLICATE_RUNS = 4;
/** How far a target's clock may lag the harness's before a fileExpiration "in the future" is doubted. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** Whether the target offers what every rule needs; records `skipped` for each rule that it does not. */
const needsAll = (judge: Judge, rules: string[]): boolean => rules.map((rule) => judge.needs(rule)).every(Boolean);

const knownStatuses = (target: Target): string[] => {
  const { pending, running, completed, failed } = target.profile.jobStatuses;
  return [pending, ...running, completed, failed];
};

/** exports.job.finishes from one run: the timeline is the evidence when the job never ended. */
function judgeFinishes(judge: Judge, target: Target, exportRun: ExportRun): void {
  const rule = 'exports.job.finishes';
  const { start, run } = exportRun;
  if (!run) {
    judge.inconclusive(rule, unusableRun(exportRun) ?? 'no job was started', refusalEvidence(start));
    return;
  }
  if (run.finished) {
    judge.pass(rule);
    return;
  }
  const timeline = timelineText(run.timeline);
  if (run.stoppedBecause === 'run-budget') {
    judge.inconclusive(rule, `unfinished: the run's time budget ended while job ${start.jobID} was ${run.timeline.at(-1)?.status ?? 'unfinished'}`, [
      { title: 'polls of the job', actual: timeline },
    ]);
    return;
  }
  judge.check(rule, false, {
    title: `job ${start.jobID} (${rangeText(start.range)}) reaches ${target.profile.jobStatuses.completed} or ${target.profile.jobStatuses.failed} within ${target.exportBudgetS} s`,
    expected: `${target.profile.jobStatuses.completed} or ${target.profile.jobStatuses.failed} within ${target.exportBudgetS} s (EMS_EXPORT_BUDGET_S)`,
    actual: timeline,
    ...(run.last ? { response: run.last } : {}),
  });
}

/** Rules the client judges on the side (schema.*) get an explicit inconclusive when no answer was there to judge. */
function settleSideRule(judge: Judge, rule: string, why: string): void {
  if (!judge.hasVerdict(rule)) judge.inconclusive(rule, why);
}

/**
 * The first job of a duplicate-rule sample. When the first request is not accepted the sample is
 * marked inconclusive (the rule needs a job to be a duplicate of) and undefined is returned.
 */
async function firstJob(api: ApiClient, target: Target, range: DateRange, sample: Sample): Promise<(ExportStart & { jobID: number }) | undefined> {
  const first = await startExport(api, target, range, retryWindowMs(target));
  if (first.jobID === undefined) {
    sample.inconclusive(`the first request ${rangeText(range)} was not accepted with a jobID`);
    return undefined;
  }
  return { ...first, jobID: first.jobID };
}

test.describe('exports', () => {
  test('an export request answers an integer jobID, and the new job is first reported Pending or a later status', {
    tag: ['@rule:exports.request.jobID', '@rule:exports.job.pending-first', '@rule:schema.exports.emails'],
  }, async ({ api, judge, target }) => {
    if (!needsAll(judge, ['exports.request.jobID', 'exports.job.pending-first', 'schema.exports.emails'])) return;
    const { profile } = target;
    const lane = new RangeLane(LANES.request, target.seed);
    // A single day, two days, a month and the longest range of a lane; each range is unique to this test.
    const ranges = [0, 1, 30, MAX_RANGE_DAYS].map((length) => lane.fresh(length));

    // One after the other: a target briefly refusing every request while a job is Pending (a
    // duplicate.other-params fault) then holds up one request at a time, within the retry window.
    const unjudged: string[] = [];
    for (const range of ranges) {
      const start = await startExport(api, target, range, retryWindowMs(target));
      if (!start.accepted) {
        judge.fail('exports.request.jobID', `the export request ${rangeText(range)} (a valid range no other request uses) was refused`, refusalEvidence(start));
        unjudged.push(`the export request ${rangeText(range)} was refused`);
        continue;
      }
      const jobID = rawJobId(start.accepted, profile);
      judge.check('exports.request.jobID', Number.isInteger(jobID), {
        title: `the export request ${rangeText(range)} succeeds with an integer jobID`,
        expected: 'success with an integer jobID',
        actual: { outcome: start.accepted.outcome, jobID },
        response: start.accepted,
      });
      if (start.refusals.length > 0) {
        // A refusal that ends is no refusal of the range (a target refusing everything while another job
        // is Pending breaks exports.duplicate.other-params, which judges that); the note keeps it visible.
        judge.pass('exports.request.jobID', `${rangeText(range)} was accepted only after ${start.refusals.length} refusal(s): ${start.refusals.at(-1)?.errors[0] ?? 'no message'}`);
      }
      if (start.jobID === undefined) {
        unjudged.push(`the export request ${rangeText(range)} answered no readable jobID (${JSON.stringify(jobID)})`);
        continue;
      }
      const status = await api.call('exports.jobStatus', { params: { jobID: start.jobID } });
      judge.check('exports.job.pending-first', phaseOf(status, profile) !== 'unknown', {
        title: `the new job ${start.jobID} is reported with a status the profile knows (${profile.jobStatuses.pending} first, or at once a later one)`,
        expected: knownStatuses(target),
        actual: { outcome: status.outcome, status: status.job?.status },
        response: status,
      });
    }
    // A range that gave no job is request.jobID's failure, not pending-first's: only no job at all leaves it unjudged.
    settleSideRule(judge, 'exports.job.pending-first', `no new job to ask about: ${unjudged.join('; ')}`);
    settleSideRule(judge, 'schema.exports.emails', 'no export request succeeded, so there was no payload to judge');
  });

  test('a job over a range with sends completes with a fileKey and a future fileExpiration, and getFile returns the file in the profile format with totalRecords rows', {
    tag: [
      '@rule:exports.job.finishes',
      '@rule:exports.job.file-key',
      '@rule:exports.job.expiration',
      '@rule:exports.getFile.file',
      '@rule:exports.getFile.format',
      '@rule:exports.getFile.rows',
      '@rule:schema.exports.jobStatus',
    ],
  }, async ({ api, judge, target }) => {
    const fileRules = ['exports.job.file-key', 'exports.job.expiration', 'exports.getFile.file', 'exports.getFile.format', 'exports.getFile.rows'];
    if (!needsAll(judge, ['exports.job.finishes', 'schema.exports.jobStatus', ...fileRules])) return;
    const { profile } = target;
    const unjudged = (rules: string[], why: string) => rules.forEach((rule) => judge.inconclusive(rule, why));

    const found = await findDayWithSends(api, target);
    if (!found) {
      unjudged(['exports.job.finishes', 'schema.exports.jobStatus', ...fileRules], 'emails/search shows no email sent in the last 18 months, so no export range with records is known');
      return;
    }
    const range = new RangeLane(LANES.fileRecords, target.seed, { endingAt: found.day }).fresh();
    const exportRun = await runExport(api, target, range);
    judgeFinishes(judge, target, exportRun);
    settleSideRule(judge, 'schema.exports.jobStatus', 'no jobStatus answer succeeded, so there was no payload to judge');
    const unusable = unusableRun(exportRun);
    if (unusable) {
      unjudged(fileRules, unusable);
      return;
    }
    const completed = exportRun.run!.last!;
    const finishedAt = exportRun.run!.finishedAt!;
    const totalRecords = totalRecordsOf(completed, profile);
    if (totalRecords === 0) {
      unjudged(fileRules, `the job over ${rangeText(range)} (which holds an email sent on ${found.day.toISOString().slice(0, 10)} per emails/search) completed with totalRecords 0`);
      return;
    }

    // A Completed job with records carries fileKey and fileExpiration.
    const fileKey = fileKeyOf(completed, profile);
    const expiration = fileExpirationOf(completed, profile);
    judge.check('exports.job.file-key', fileKey !== undefined && expiration !== undefined, {
      title: `the Completed job ${exportRun.start.jobID} with records (${totalRecords ?? 'totalRecords not given'}) carries fileKey and fileExpiration`,
      expected: { fileKey: 'a non-empty string', fileExpiration: 'a datetime' },
      actual: { fileKey: fileKey ?? null, fileExpiration: expiration ?? null },
      response: completed,
    });

    // fileExpiration: a GMT datetime in the future when the job completes.
    if (expiration === undefined) {
      judge.inconclusive('exports.job.expiration', 'the Completed job carries no fileExpiration (exports.job.file-key judges that)');
    } else {
      const until = readDatetime(expiration, profile);
      judge.check('exports.job.expiration', until !== undefined && until.getTime() > finishedAt - CLOCK_SKEW_MS, {
        title: `fileExpiration ${JSON.stringify(expiration)} is a GMT datetime after the moment the job was seen Completed`,
        expected: `a datetime after ${new Date(finishedAt).toISOString()} (allowing ${CLOCK_SKEW_MS / 60_000} min of clock difference)`,
        actual: until ? until.toISOString() : `${JSON.stringify(expiration)} (not a datetime)`,
        response: completed,
      });
    }

    if (fileKey === undefined) {
      unjudged(['exports.getFile.file', 'exports.getFile.format', 'exports.getFile.rows'], 'the Completed job carries no fileKey to fetch');
      return;
    }
    const download = await api.call('exports.getFile', { params: { fileKey } });
    const file = download.file;
    const fetched = judge.check('exports.getFile.file', download.outcome === 'success' && file !== undefined && file.length > 0, {
      title: `getFile with the fileKey of job ${exportRun.start.jobID} returns the export file`,
      expected: 'a success carrying a non-empty file',
      actual: { outcome: download.outcome, bytes: file?.length ?? 0, errors: download.errors },
      response: download,
    });
    if (!fetched || !file) {
      unjudged(['exports.getFile.format', 'exports.getFile.rows'], 'getFile returned no file');
      return;
    }

    const format = profile.exportFile;
    const unpacked = unpackExport(file, fileKey, format);
    const strict = unpacked.text === undefined ? undefined : readStrictly(unpacked.text, format);
    const problems = [...unpacked.problems, ...(strict?.problems ?? [])];
    judge.check('exports.getFile.format', problems.length === 0 && unpacked.text !== undefined, {
      title: `the export file is in the ${profile.name} profile's format`,
      expected: {
        container: format.container,
        entry: format.container === 'none' ? undefined : expectedEntryName(format, fileKey),
        delimiter: format.delimiter,
        lineEnding: format.lineEnding,
        quoted: format.quoted,
        header: format.header,
      },
      actual: { problems, entries: unpacked.entries, start: unpacked.text?.slice(0, 300) },
      response: download,
    });

    if (unpacked.text === undefined) {
      judge.inconclusive('exports.getFile.rows', `the file's rows could not be read: ${unpacked.problems.join('; ')}`);
    } else if (totalRecords === undefined) {
      judge.inconclusive('exports.getFile.rows', 'the Completed job reports no totalRecords to compare the rows with');
    } else {
      const rows = dataRows(unpacked.text, format);
      judge.check('exports.getFile.rows', rows === totalRecords, {
        title: `the file holds as many data rows as the job's totalRecords`,
        expected: totalRecords,
        actual: rows,
        response: download,
      });
    }
  });

  test('a job over a range without sends completes and carries no fileKey', {
    tag: ['@rule:exports.job.no-records', '@rule:exports.job.finishes'],
  }, async ({ api, judge, target }) => {
    if (!needsAll(judge, ['exports.job.no-records', 'exports.job.finishes'])) return;
    const { profile } = target;
    const empty = await findRangeWithoutSends(api, target);
    if (!empty) {
      const why = 'emails/search found emails sent in every candidate range (fortnights of 2001-2012), so no range without records is known';
      judge.inconclusive('exports.job.no-records', why);
      judge.inconclusive('exports.job.finishes', why);
      return;
    }
    const exportRun = await runExport(api, target, empty.range);
    judgeFinishes(judge, target, exportRun);
    const unusable = unusableRun(exportRun);
    if (unusable) {
      judge.inconclusive('exports.job.no-records', unusable);
      return;
    }
    const completed = exportRun.run!.last!;
    const totalRecords = totalRecordsOf(completed, profile);
    if (totalRecords !== undefined && totalRecords > 0) {
      judge.inconclusive('exports.job.no-records', `the export of ${rangeText(empty.range)} found ${totalRecords} records where emails/search found no email sent`);
      return;
    }
    judge.check('exports.job.no-records', !carriesFileKey(completed, profile), {
      title: `the Completed job ${exportRun.start.jobID} over ${rangeText(empty.range)} (no email sent per emails/search) carries no fileKey`,
      expected: 'no fileKey',
      actual: { totalRecords: totalRecords ?? null, fileKey: completed.job?.fileKey ?? null },
      response: completed,
    });
  });

  test('a job over the failing fixture range ends Failed, reported as an error', {
    tag: ['@rule:exports.job.failed'],
  }, async ({ api, judge, target }) => {
    const rule = 'exports.job.failed';
    if (!judge.needs(rule)) return;
    const { profile } = target;
    const fixture = target.profile.fixtures?.failingExport as DateRange;
    const exportRun = await runExport(api, target, { startDate: fixture.startDate, endDate: fixture.endDate });
    const { start, run } = exportRun;
    if (!start.accepted || start.jobID === undefined || !run) {
      judge.inconclusive(rule, unusableRun(exportRun) ?? 'no job was started', refusalEvidence(start));
      return;
    }
    if (!run.finished) {
      judge.inconclusive(rule, unusableRun(exportRun)!, [{ title: 'polls of the job', actual: timelineText(run.timeline) }]);
      return;
    }
    const last = run.last!;
    const { failed } = profile.jobStatuses;
    const signalled = (last.code !== undefined && last.code !== 0) || last.errors.length > 0;
    judge.check(rule, run.phase === 'failed' && last.outcome === 'error' && signalled, {
      title: `the job ${start.jobID} over the failing fixture ${rangeText(start.range)} ends ${failed}, answered as an error with its reason`,
      expected: { outcome: 'error', status: `${failed} (or none, the error being the report)`, reason: 'a non-zero code or error messages' },
      actual: { outcome: last.outcome, status: last.job?.status ?? null, code: last.code ?? null, errors: last.errors, polls: timelineText(run.timeline) },
      response: last,
    });
  });

  test('getFile refuses a fileKey that no job issued', {
    tag: ['@rule:exports.getFile.unknown-key'],
  }, async ({ api, judge }) => {
    // Fresh random GUIDs, in the service's upper case and in lower case.
    const keys = [randomUUID().toUpperCase(), randomUUID().toUpperCase(), randomUUID()];
    for (const fileKey of keys) {
      const response = await api.call('exports.getFile', { params: { fileKey } });
      judge.check('exports.getFile.unknown-key', response.outcome === 'error', {
        title: `getFile with the unissued fileKey ${fileKey} is refused`,
        expected: 'error',
        actual: { outcome: response.outcome, bytes: response.file?.length ?? null },
        response,
      });
    }
  });

  test.describe('duplicate rule', () => {
    test('the same export request while the first job is Pending is refused', {
      tag: ['@rule:exports.duplicate.pending'],
    }, async ({ api, judge, target }) => {
      const rule = 'exports.duplicate.pending';
      if (!judge.needs(rule)) return;
      const { profile } = target;
      const lane = new RangeLane(LANES.duplicatePending, target.seed);
      await judge.property(
        rule,
        fc.noShrink(fc.record({ lengthDays: fc.integer({ min: 1, max: MAX_RANGE_DAYS }) })),
        async ({ lengthDays }, sample) => {
          const range = lane.fresh(lengthDays);
          const first = await firstJob(api, target, range, sample);
          if (!first) return;
          const { jobID } = first;
          const before = await api.call('exports.jobStatus', { params: { jobID } });
          const second = await api.call('exports.emails', { params: rangeParams(range) });
          const after = await api.call('exports.jobStatus', { params: { jobID } });
          // Statuses only move on: Pending after the second request means Pending when it arrived.
          if (phaseOf(after, profile) !== 'pending') {
            sample.inconclusive(`job ${jobID} was no longer ${profile.jobStatuses.pending} when the duplicate arrived (before: ${before.job?.status}, after: ${after.job?.status})`);
          }
          sample.expect(second.outcome === 'error', {
            title: `a second export request ${rangeText(range)} while job ${jobID} is ${profile.jobStatuses.pending} is refused`,
            expected: 'error',
            actual: { outcome: second.outcome, jobID: rawJobId(second, profile) ?? null, statusBefore: before.job?.status, statusAfter: after.job?.status },
            response: second,
          });
        },
        { numRuns: DUPLICATE_RUNS },
      );
    });

    test('an export request with a different date range is accepted while another job is Pending', {
      tag: ['@rule:exports.duplicate.other-params'],
    }, async ({ api, judge, target }) => {
      const rule = 'exports.duplicate.other-params';
      if (!judge.needs(rule)) return;
      const { profile } = target;
      const lane = new RangeLane(LANES.duplicateOther, target.seed);
      const differences = ['start', 'end', 'both'] as const;
      await judge.property(
        rule,
        fc.noShrink(
          fc.record({ lengthDays: fc.integer({ min: 1, max: MAX_RANGE_DAYS }), otherLengthDays: fc.integer({ min: 1, max: MAX_RANGE_DAYS }), differs: fc.constantFrom(...differences) }),
        ),
        async ({ lengthDays, otherLengthDays, differs }, sample) => {
          const range = lane.fresh(lengthDays);
          const other = otherRange(range, differs, () => lane.fresh(otherLengthDays));
          const first = await firstJob(api, target, range, sample);
          if (!first) return;
          const { jobID } = first;
          const second = await api.call('exports.emails', { params: rangeParams(other) });
          const after = await api.call('exports.jobStatus', { params: { jobID } });
          if (phaseOf(after, profile) !== 'pending') {
            sample.inconclusive(`job ${jobID} was no longer ${profile.jobStatuses.pending} when the other request arrived (after: ${after.job?.status})`);
          }
          sample.expect(second.outcome === 'success', {
            title: `an export request ${rangeText(other)} (${differs} differing) is accepted while job ${jobID} (${rangeText(range)}) is ${profile.jobStatuses.pending}`,
            expected: 'success',
            actual: { outcome: second.outcome, errors: second.errors, statusAfter: after.job?.status },
            response: second,
          });
        },
        { numRuns: DUPLICATE_RUNS },
      );
    });

    test('once the first job has completed, the same export request is accepted again', {
      tag: ['@rule:exports.duplicate.after-completion'],
    }, async ({ api, judge, target }) => {
      const rule = 'exports.duplicate.after-completion';
      if (!judge.needs(rule)) return;
      const { profile } = target;
      const lane = new RangeLane(LANES.duplicateAfter, target.seed);
      await judge.property(
        rule,
        fc.noShrink(fc.record({ lengthDays: fc.integer({ min: 1, max: MAX_RANGE_DAYS }) })),
        async ({ lengthDays }, sample) => {
          const range = lane.fresh(lengthDays);
          const first = await firstJob(api, target, range, sample);
          if (!first) return;
          const { jobID } = first;
          const run = await pollJob(api, target, jobID, first.startedAt);
          if (run.phase !== 'completed') {
            sample.inconclusive(`job ${first.jobID} did not complete (${run.finished ? `it ended ${run.timeline.at(-1)?.status ?? 'as an error'}` : 'not finished within the export budget'})`);
          }
          // A brief refusal (a target busy with other jobs) is retried; one that lasts is the deviation.
          const jobMs = (run.finishedAt ?? Date.now()) - first.startedAt;
          const again = await startExport(api, target, range, Math.min(target.exportBudgetS * 1000, Math.max(10_000, 5 * jobMs)));
          const lastRefusal: ApiResponse | undefined = again.refusals.at(-1);
          sample.expect(again.accepted !== undefined, {
            title: `after job ${first.jobID} (${rangeText(range)}) completed, the same export request is accepted again`,
            expected: 'success',
            actual: { refusals: again.refusals.length, errors: lastRefusal?.errors, polls: timelineText(run.timeline) },
            ...(lastRefusal ? { response: lastRefusal } : {}),
          });
        },
        { numRuns: DUPLICATE_RUNS },
      );
    });
  });
});

/**
 * A range of two days or more differing from `range` in its start, its end or both (never a single
 * day, which exports.request.jobID judges). Every such range is unique: it starts on a day the lane
 * has never handed out, or keeps the start of `range` (a lane hands out each start once) with
 * another end.
 */
function otherRange(range: DateRange, differs: 'start' | 'end' | 'both', fresh: () => DateRange): DateRange {
  const day = (text: string) => new Date(`${text}T00:00:00Z`).getTime();
  const text = (time: number) => new Date(time).toISOString().slice(0, 10);
  const DAY = 86_400_000;
  if (differs === 'both') return fresh();
  if (differs === 'start') {
    const { startDate } = fresh();
    // The same end when the new start lies before it; else the end moves too.
    return { startDate, endDate: day(startDate) < day(range.endDate) ? range.endDate : text(day(startDate) + DAY) };
  }
  const start = day(range.startDate);
  const end = day(range.endDate);
  return { startDate: range.startDate, endDate: text(end - start >= 2 * DAY ? end - DAY : end + DAY) };
}
