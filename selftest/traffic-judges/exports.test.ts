/** The export traffic judges on recorded flows (request → polls → file): pass, fail naming the rule, inconclusive. */
import { describe, test } from 'node:test';
import { strToU8, zipSync } from 'fflate';
import { checks } from '../../checks/exports';
import { checks as envelopeChecks } from '../../checks/envelope';
import type { RawExchange } from '../../harness/exchanges';
import { testTarget } from '../core/support/target';
import { call, checkOf, expectVerdicts as verdictsOf, judged, ok, PING, RECORDED_AT, refused } from './support';
import assert from 'node:assert/strict';

const expectVerdicts = (rule: string, cases: { pass: RawExchange[]; fail: RawExchange[]; none?: RawExchange[] }) =>
  verdictsOf(checkOf(checks, rule), { ...cases, none: cases.none ?? PING });

const RANGE = { startDate: '2024-05-01', endDate: '2024-05-20' };
const at = (seconds: number) => ({ startedAt: RECORDED_AT + seconds * 1000 });
const request = (jobID: unknown = 7, seconds = 0) => call('exports.emails', RANGE, ok({ jobID }), at(seconds));
const poll = (job: Record<string, unknown>, seconds: number, jobID = 7) => call('exports.jobStatus', { jobID }, ok(job), at(seconds));
const pending = (seconds: number) => poll({ status: 'Pending' }, seconds);
const completed = (over: Record<string, unknown> = {}, seconds = 2) =>
  poll({ status: 'Completed', totalRecords: 2, fileKey: 'ABC', fileExpiration: '2024-06-02 12:00:00', ...over }, seconds);

/** The export file: a zip holding {fileKey}.csv, tab-delimited, quoted, CRLF rows, a header. */
function zipOf(rows: string[][], { name = 'ABC.csv', delimiter = '\t' } = {}): Buffer {
  const text = rows.map((row) => `${row.map((v) => `"${v}"`).join(delimiter)}\r\n`).join('');
  return Buffer.from(zipSync({ [name]: strToU8(text) }));
}
const FILE = [['emailID', 'subject'], ['1', 'Hello'], ['2', 'Again']];
function download(file: Buffer | undefined, seconds = 3, fileKey = 'ABC'): RawExchange {
  const raw = call('exports.getFile', { fileKey }, file ? {} : refused('no such file'), at(seconds));
  return file ? { ...raw, contentType: 'application/zip', responseBody: file } : raw;
}
const flow = (over: Record<string, unknown> = {}, file = zipOf(FILE)) => [request(), pending(1), completed(over), download(file)];
/** A job over a range with records and one over a range without (job 8, Completed with totalRecords 0). */
const bothJobs = () => [...flow(), request(8, 3), poll({ status: 'Completed', totalRecords: 0 }, 4, 8)];

describe('exports traffic judges', () => {
  test('exports.request.jobID', () => expectVerdicts('exports.request.jobID', { pass: [request()], fail: [request('7')] }));

  test('exports.job.pending-first', () =>
    expectVerdicts('exports.job.pending-first', { pass: flow(), fail: [request(), poll({ status: 'Queued' }, 1)] }));

  test('exports.job.finishes (a job polled through the export budget fails it)', async () => {
    const check = checkOf(checks, 'exports.job.finishes');
    const budgeted = testTarget({ EMS_EXPORT_BUDGET_S: '10' });
    assert.equal((await judged(check, bothJobs(), budgeted)).verdict, 'pass');
    const never = await judged(check, [request(), pending(1), pending(5), pending(10)], budgeted);
    assert.equal(never.verdict, 'fail', never.reason);
    // A new job asked its status once at once is no job polled through a budget, however short the budget.
    const askedOnce = await judged(check, [...bothJobs(), call('exports.emails', { startDate: '2024-05-03', endDate: '2024-05-03' }, ok({ jobID: 9 }), at(5)), poll({ status: 'Pending' }, 5, 9)], testTarget({ EMS_EXPORT_BUDGET_S: '2' }));
    assert.equal(askedOnce.verdict, 'pass', askedOnce.reason);
    const short = await judged(check, [request(), pending(1)], budgeted);
    assert.match(`${short.verdict} ${short.reason}`, /^inconclusive not observed in the traffic/);
  });

  test('should leave exports.job.finishes inconclusive when no job over a range without records was seen to finish', async () => {
    const check = checkOf(checks, 'exports.job.finishes');
    const onlyWithRecords = await judged(check, flow());
    assert.equal(onlyWithRecords.verdict, 'inconclusive', onlyWithRecords.reason);
    assert.match(onlyWithRecords.reason ?? '', /never exercised: a job without records finished \(held: a job with records finished\)/);
    const onlyWithout = await judged(check, [request(8), poll({ status: 'Completed', totalRecords: 0 }, 2, 8)]);
    assert.match(`${onlyWithout.verdict} ${onlyWithout.reason}`, /^inconclusive .*never exercised: a job with records finished/);
  });

  test('exports.job.file-key (every poll of the Completed job)', () =>
    expectVerdicts('exports.job.file-key', {
      pass: [...flow(), completed({}, 4)],
      // The first Completed answer carries them, a later poll of the same job does not.
      fail: [...flow(), poll({ status: 'Completed', totalRecords: 2 }, 4)],
    }));

  test('exports.job.file-key needs a job polled again after it was seen Completed', async () => {
    assert.equal((await judged(checkOf(checks, 'exports.job.file-key'), [request(), completed({ fileKey: '' })])).verdict, 'fail');
    const once = await judged(checkOf(checks, 'exports.job.file-key'), flow());
    assert.equal(once.verdict, 'inconclusive');
    assert.match(once.reason ?? '', /polled again/);
  });

  test('exports.job.no-records', () =>
    expectVerdicts('exports.job.no-records', {
      pass: [request(), completed({ totalRecords: 0, fileKey: '', fileExpiration: '' })],
      fail: [request(), completed({ totalRecords: 0 })],
      none: flow(),
    }));

  test('exports.job.expiration', () =>
    expectVerdicts('exports.job.expiration', { pass: flow(), fail: [request(), completed({ fileExpiration: '2024-06-01 11:00:00' })] }));

  test('exports.getFile.file', () => expectVerdicts('exports.getFile.file', { pass: flow(), fail: flow({}, undefined as unknown as Buffer).slice(0, 3).concat(download(undefined)) }));

  test('should judge a download of a short-lived file by the Date header of its answer, not by a fixed margin', async () => {
    const check = checkOf(checks, 'exports.getFile.file');
    // fileExpiration 12:00:03; the download leaves at 12:00:01.2 and is answered at once.
    const shortLived = (served: boolean, date?: string) => {
      const raw = { ...download(served ? zipOf(FILE) : undefined, 1.2), durationMs: 20 };
      return [request(), pending(0.5), completed({ fileExpiration: '2024-06-01 12:00:03' }, 1), date ? { ...raw, responseHeaders: { Date: date } } : raw];
    };
    // Its Date header names 12:00:01: answered surely before 12:00:03, so a refusal fails the rule.
    const refusedInTime = await judged(check, shortLived(false, 'Sat, 01 Jun 2024 12:00:01 GMT'));
    assert.equal(refusedInTime.verdict, 'fail', refusedInTime.reason);
    assert.equal((await judged(check, shortLived(true, 'Sat, 01 Jun 2024 12:00:01 GMT'))).verdict, 'pass');
    // The target's clock said 12:00:02 (its second may end at the expiration), or it sent no Date header and
    // our clock is trusted only within a tolerance: the refusal may have come once the file had expired.
    for (const date of ['Sat, 01 Jun 2024 12:00:02 GMT', undefined]) {
      const doubtful = await judged(check, shortLived(false, date));
      assert.match(`${doubtful.verdict} ${doubtful.reason}`, /^inconclusive .*the file may have expired/, String(date));
    }
  });

  test('exports.getFile.format', () =>
    expectVerdicts('exports.getFile.format', { pass: flow(), fail: flow({}, zipOf(FILE, { delimiter: ',' })), none: [request(), completed()] }));

  test('exports.getFile.rows', () => expectVerdicts('exports.getFile.rows', { pass: flow(), fail: flow({}, zipOf(FILE.slice(0, 2))) }));

  test('exports.getFile.unknown-key', () =>
    expectVerdicts('exports.getFile.unknown-key', {
      pass: [...flow(), download(undefined, 5, 'F00D-UNKNOWN')],
      fail: [...flow(), download(zipOf([['emailID']]), 5, 'F00D-UNKNOWN')],
      none: flow(),
    }));

  test('exports.duplicate.pending', () =>
    expectVerdicts('exports.duplicate.pending', {
      pass: [request(7, 0), call('exports.emails', RANGE, refused('a job with these parameters is pending'), at(1)), pending(2)],
      fail: [request(7, 0), call('exports.emails', RANGE, ok({ jobID: 8 }), at(1)), pending(2)],
      none: [request(7, 0), completed({}, 1), call('exports.emails', RANGE, ok({ jobID: 8 }), at(2))],
    }));

  const OTHER = { startDate: '2024-04-01', endDate: '2024-04-05' };
  test('exports.duplicate.other-params', () =>
    expectVerdicts('exports.duplicate.other-params', {
      pass: [request(7, 0), call('exports.emails', OTHER, ok({ jobID: 8 }), at(1)), pending(2)],
      fail: [request(7, 0), call('exports.emails', OTHER, refused('a job is pending'), at(1)), pending(2), call('exports.emails', OTHER, ok({ jobID: 9 }), at(3))],
      none: [request(7, 0), completed({}, 1), call('exports.emails', OTHER, ok({ jobID: 8 }), at(2))],
    }));

  test('an export request whose answer an outage took may have made a job: a later refusal of the same parameters fails no duplicate rule', async () => {
    const gateway = (params: Record<string, unknown>, seconds: number): RawExchange => ({ ...call('exports.emails', params, {}, at(seconds)), status: 502, responseBody: '<html>502 Bad Gateway</html>', contentType: 'text/html' });
    // Job 7 Pending; a request with other parameters lost to a gateway (it may have made a job); the same request again, refused.
    const lost = [request(7, 0), gateway(OTHER, 1), call('exports.emails', OTHER, refused('a job is pending'), at(2)), pending(3)];
    const otherParams = await judged(checkOf(checks, 'exports.duplicate.other-params'), lost);
    assert.notEqual(otherParams.verdict, 'fail', otherParams.reason);
    // Without the lost request, the same refusal fails the rule.
    const without = await judged(checkOf(checks, 'exports.duplicate.other-params'), [request(7, 0), call('exports.emails', OTHER, refused('a job is pending'), at(2)), pending(3)]);
    assert.equal(without.verdict, 'fail', without.reason);
    // A gateway's answer is no answer of the target's: the envelope's HTTP status is not judged on it.
    const envelope = await judged(checkOf(envelopeChecks, 'envelope.http-status'), [request(7, 0), gateway(OTHER, 1)]);
    assert.notEqual(envelope.verdict, 'fail', envelope.reason);
  });

  test('exports.duplicate.after-completion (repeats after a job with records and after one without)', () => {
    const EMPTY = { startDate: '2010-03-01', endDate: '2010-03-14' };
    const emptyRepeat = (answer: unknown) => [
      call('exports.emails', EMPTY, ok({ jobID: 9 }), at(10)), poll({ status: 'Completed', totalRecords: 0 }, 11, 9), call('exports.emails', EMPTY, answer, at(12)),
    ];
    const withRecords = [request(7, 0), completed({}, 1), call('exports.emails', RANGE, ok({ jobID: 8 }), at(2)), poll({ status: 'Completed', totalRecords: 2, fileKey: 'K8', fileExpiration: '2024-06-02 12:00:00' }, 3, 8)];
    return expectVerdicts('exports.duplicate.after-completion', {
      pass: [...withRecords, ...emptyRepeat(ok({ jobID: 10 }))],
      // Refused for good once the job without records completed.
      fail: [...withRecords, ...emptyRepeat(refused('duplicate'))],
      none: [request(7, 0), pending(1)],
    });
  });

  test('exports.duplicate.after-completion judges no refusal while an earlier job with the same parameters may still be Pending or In Progress', async () => {
    const check = checkOf(checks, 'exports.duplicate.after-completion');
    const inProgress = await judged(check, [request(7, 0), completed({}, 1), request(8, 2), poll({ status: 'In Progress' }, 3, 8), call('exports.emails', RANGE, refused('duplicate'), at(4))]);
    assert.notEqual(inProgress.verdict, 'fail', inProgress.reason);
    const refusedAfter = await judged(check, [request(7, 0), completed({}, 1), call('exports.emails', RANGE, refused('duplicate'), at(2))]);
    assert.equal(refusedAfter.verdict, 'fail');
  });

  test('should not take a repeat sent by another worker within the clocks\' margin of the Completed poll as served after it', async () => {
    const check = checkOf(checks, 'exports.duplicate.after-completion');
    const ms = (startedAt: number, durationMs: number) => ({ startedAt: RECORDED_AT + startedAt, durationMs });
    // The poll ended at 1002 ms (worker 0); the refused repeat started at 1003 ms by worker 1's clock: the target may have served it first.
    const flowAt = (repeatAt: number) => [{ ...request(7, 0), ...ms(0, 5) }, { ...completed({}, 1), ...ms(1000, 2) }, { ...call('exports.emails', RANGE, refused('duplicate')), ...ms(repeatAt, 2) }];
    const close = await judged(check, flowAt(1003), undefined, { lanes: [0, 0, 1] });
    assert.notEqual(close.verdict, 'fail', close.reason);
    // One clock (no margin), or far enough apart, and the refusal fails the rule.
    assert.equal((await judged(check, flowAt(1003), undefined, { lanes: [0, 0, 0] })).verdict, 'fail');
    assert.equal((await judged(check, flowAt(1010), undefined, { lanes: [0, 0, 1] })).verdict, 'fail');
  });

  test('exports.job.failed (any job seen Failed)', () =>
    expectVerdicts('exports.job.failed', {
      pass: [request(), pending(1), call('exports.jobStatus', { jobID: 7 }, { ...refused('the export failed'), data: { status: 'Failed' } }, at(2))],
      fail: [request(), pending(1), poll({ status: 'Failed' }, 2)],
      none: flow(),
    }));

  describe('exports.getFile.availability (no Date header: the target\'s clock within 3 s of ours)', () => {
    // The job completes 2 s in with a fileExpiration 20 s in; downloads at the seconds given (and one after it).
    const soon = () => [request(), pending(1), completed({ fileExpiration: '2024-06-01 12:00:20' })];
    const fetches = (...answers: Array<[number, boolean]>) => answers.map(([seconds, served]) => download(served ? zipOf(FILE) : undefined, seconds));
    const rule = 'exports.getFile.availability';

    test('should pass a file served again at once and after a pause, and refused once fileExpiration has passed', () =>
      expectVerdicts(rule, {
        pass: [...soon(), ...fetches([3, true], [4, true], [6, true], [25, false])],
        fail: [...soon(), ...fetches([3, true], [4, false], [6, false], [25, false])],
      }));

    test('should judge each download by the latest fileExpiration announced before it (a poll may move it later)', async () => {
      const moved = [...soon(), ...fetches([3, true], [4, true], [6, true]), completed({ fileExpiration: '2024-06-01 12:00:40' }, 24)];
      const refusedEarly = await judged(checkOf(checks, rule), [...moved, ...fetches([30, false])]);
      assert.equal(refusedEarly.verdict, 'fail', refusedEarly.reason);
      assert.match(refusedEarly.reason ?? '', /before its fileExpiration "2024-06-01 12:00:40"/);
      assert.equal((await judged(checkOf(checks, rule), [...moved, ...fetches([30, true], [45, false])])).verdict, 'pass');
      // A download refused past the first fileExpiration, before any later one was announced, is right.
      assert.equal((await judged(checkOf(checks, rule), [...soon(), ...fetches([3, true], [4, true], [6, true], [25, false])])).verdict, 'pass');
    });

    test('should fail a file still served once fileExpiration has surely passed', async () => {
      const late = await judged(checkOf(checks, rule), [...soon(), ...fetches([3, true], [6, true], [25, true])]);
      assert.equal(late.verdict, 'fail', late.reason);
      assert.match(late.reason ?? '', /refuses the file of ABC once its fileExpiration "2024-06-01 12:00:20" has passed/);
    });

    test('should leave it inconclusive, naming the half never exercised, when the traffic holds part of the statement', async () => {
      const noPause = await judged(checkOf(checks, rule), [...soon(), ...fetches([3, true], [4, true], [25, false])]);
      assert.equal(noPause.verdict, 'inconclusive', noPause.reason);
      assert.match(noPause.reason ?? '', /never exercised: the file served again 1\.5 s or more after its first download/);
      const noExpiry = await judged(checkOf(checks, rule), [...soon(), ...fetches([3, true], [6, true])]);
      assert.match(`${noExpiry.verdict} ${noExpiry.reason}`, /^inconclusive .*never exercised: getFile asked once fileExpiration had surely passed/);
      // A file never served, or one whose fileExpiration had passed when its job completed, is another rule's failure.
      const neverServed = await judged(checkOf(checks, rule), [...soon(), ...fetches([3, false], [6, false], [25, false])]);
      assert.equal(neverServed.verdict, 'inconclusive', neverServed.reason);
      const expired = [request(), completed({ fileExpiration: '2024-06-01 11:00:00' }), ...fetches([3, true], [6, true], [25, true])];
      assert.equal((await judged(checkOf(checks, rule), expired)).verdict, 'inconclusive');
      // A fetch within the clocks' doubt around fileExpiration decides neither half.
      const doubtful = await judged(checkOf(checks, rule), [...soon(), ...fetches([3, true], [6, true], [19, true])]);
      assert.equal(doubtful.verdict, 'inconclusive', doubtful.reason);
    });
  });
});
