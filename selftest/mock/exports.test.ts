import assert from 'node:assert/strict';
import { unzipSync, strFromU8 } from 'fflate';
import { after, before, describe, it } from 'node:test';
import { MockClient } from './client';
import { EMBEDDED_FILE_LIFETIME_AT_SCALE_MS, EMBEDDED_FILE_LIFETIME_MS, embeddedMockOptions } from '../../mock/provider';

const HOUR = 3_600_000;

describe('exports', () => {
  let client: MockClient;
  before(async () => (client = await MockClient.start({ clock: { start: '2025-06-15 12:00:00' } })));
  after(() => client.close());

  const request = async (startDate: string, endDate: string) => (await client.get('/exports/emails', { startDate, endDate })).body;
  const status = async (jobID: number) => (await client.get('/exports/jobStatus', { jobID })).body;

  it('runs a job Pending -> Completed, with a zip file of totalRecords quoted, tab-delimited CRLF rows', async () => {
    const requested = await request('2025-01-01', '2025-03-31');
    assert.equal(requested.success, 1);
    assert.deepEqual(Object.keys(requested.data), ['jobID']);
    assert.ok(Number.isInteger(requested.data.jobID));
    const { jobID } = requested.data;
    assert.deepEqual((await status(jobID)).data, { status: 'Pending' });
    await client.advance(3000);
    const done = await status(jobID);
    assert.equal(done.success, 1);
    assert.equal(done.data.status, 'Completed');
    assert.ok(done.data.totalRecords > 0);
    assert.match(done.data.fileKey, /^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    assert.match(done.data.fileExpiration, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const expires = Date.parse(`${done.data.fileExpiration.replace(' ', 'T')}Z`);
    const { body: clock } = await client.admin('GET', 'clock');
    assert.ok(expires > Date.parse(`${clock.now.replace(' ', 'T')}Z`) + 23 * HOUR);

    const file = await client.get('/exports/getFile', { fileKey: done.data.fileKey });
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'application/zip');
    const entries = unzipSync(file.bytes);
    assert.deepEqual(Object.keys(entries), [`${done.data.fileKey}.csv`]);
    const text = strFromU8(entries[`${done.data.fileKey}.csv`]!);
    assert.ok(text.endsWith('\r\n'));
    const lines = text.slice(0, -2).split('\r\n');
    assert.equal(lines.length, done.data.totalRecords + 1);
    const header = lines[0]!.split('\t');
    assert.ok(header.includes('"emailID"') && header.includes('"dateSent"'));
    for (const line of lines) {
      assert.ok(line.split('\t').every((cell) => /^"(?:[^"]|"")*"$/.test(cell)), line);
      assert.equal(line.split('\t').length, header.length);
    }
    assert.ok(lines.some((line) => line.includes('""Big""')), 'quotes inside values are doubled');
    const dateColumn = header.indexOf('"dateSent"');
    assert.ok(lines.slice(1).every((line) => {
      const sent = line.split('\t')[dateColumn]!.slice(1, -1);
      return sent >= '2025-01-01 00:00:00' && sent <= '2025-03-31 23:59:59';
    }));
  });

  it('a job without records completes without a fileKey', async () => {
    const { data } = await request('2090-01-01', '2090-01-31');
    await client.advance(3000);
    assert.deepEqual((await status(data.jobID)).data, { status: 'Completed', totalRecords: 0 });
  });

  it('a range starting before 2000-01-01 ends Failed, reported as an error', async () => {
    const { startDate, endDate } = client.mock.fixtures.failingExport!;
    const { data } = await request(startDate, endDate);
    await client.advance(3000);
    const failed = await status(data.jobID);
    assert.equal(failed.success, 0);
    assert.equal(failed.code, 603);
    assert.ok(failed.errors.length > 0);
    assert.deepEqual(failed.data, { status: 'Failed' });
  });

  it('refuses a duplicate while Pending; accepts other ranges, and the same once completed', async () => {
    const first = await request('2024-05-01', '2024-05-31');
    const duplicate = await request('2024-05-01', '2024-05-31');
    assert.equal(duplicate.success, 0);
    assert.equal(duplicate.code, 602);
    assert.equal((await request('2024-05-01', '2024-06-01')).success, 1);
    assert.equal((await status(first.data.jobID)).data.status, 'Pending');
    await client.advance(3000);
    assert.equal((await status(first.data.jobID)).data.status, 'Completed');
    const again = await request('2024-05-01', '2024-05-31');
    assert.equal(again.success, 1);
    assert.notEqual(again.data.jobID, first.data.jobID);
  });

  it('refuses missing, malformed or reversed dates, unknown jobs and unknown or expired files', async () => {
    for (const query of [{}, { startDate: '2024-01-01' }, { endDate: '2024-01-01' }, { startDate: '2024-02-30', endDate: '2024-03-01' }, { startDate: '2024-03-01', endDate: '2024-02-01' }, { startDate: '01/02/2024', endDate: '2024-03-01' }]) {
      const answer = await client.get('/exports/emails', query);
      assert.equal(answer.body.success, 0, JSON.stringify(query));
    }
    for (const query of [{}, { jobID: 987654 }, { jobID: 'abc' }]) assert.equal((await client.get('/exports/jobStatus', query)).body.success, 0);
    for (const query of [{}, { fileKey: '00000000-0000-4000-8000-000000000000' }]) assert.equal((await client.get('/exports/getFile', query)).body.success, 0);
    const { data } = await request('2025-04-01', '2025-04-30');
    await client.advance(3000);
    const { fileKey } = (await status(data.jobID)).data;
    assert.equal((await client.get('/exports/getFile', { fileKey: fileKey.toLowerCase() })).status, 200);
    await client.advance(25 * HOUR);
    const expired = await client.get('/exports/getFile', { fileKey });
    assert.equal(expired.body.code, 601);
  });
});

describe('exports with exportPendingPolls (jobs end at a status poll, not after wall-clock waiting)', () => {
  let client: MockClient;
  // A frozen clock: only the polls can end a job.
  before(async () => (client = await MockClient.start({ clock: { start: '2025-06-15 12:00:00', speed: 0 }, exportPendingPolls: 2 })));
  after(() => client.close());

  const request = async (startDate: string, endDate: string) => (await client.get('/exports/emails', { startDate, endDate })).body;
  const status = async (jobID: number) => (await client.get('/exports/jobStatus', { jobID })).body;

  it('answers Pending twice, refuses an identical request meanwhile, then completes at the third answer', async () => {
    const { data } = await request('2025-01-01', '2025-03-31');
    assert.equal((await status(data.jobID)).data.status, 'Pending');
    assert.equal((await request('2025-01-01', '2025-03-31')).code, 602);
    assert.equal((await status(data.jobID)).data.status, 'Pending');
    const done = await status(data.jobID);
    assert.equal(done.data.status, 'Completed');
    // It completed at that moment of the mock clock: the file lives 24 h from then.
    assert.equal(done.data.fileExpiration, '2025-06-16 12:00:00');
    assert.equal((await request('2025-01-01', '2025-03-31')).success, 1);
  });

  it('a failing range ends Failed at the third answer; a job nobody polls stays Pending', async () => {
    const { startDate, endDate } = client.mock.fixtures.failingExport!;
    const { data } = await request(startDate, endDate);
    for (const expected of ['Pending', 'Pending']) assert.equal((await status(data.jobID)).data.status, expected);
    assert.equal((await status(data.jobID)).code, 603);
    await request('2025-04-01', '2025-04-30');
    assert.equal((await request('2025-04-01', '2025-04-30')).code, 602);
  });

  it('refuses a negative or fractional number of polls', async () => {
    await assert.rejects(MockClient.start({ exportPendingPolls: -1 }), /exportPendingPolls must be an integer >= 0/);
    await assert.rejects(MockClient.start({ exportPendingPolls: 1.5 }), /exportPendingPolls must be an integer >= 0/);
  });
});

describe('exports with exportFileLifetimeMs (files that expire seconds after their job completed)', () => {
  let client: MockClient;
  // A frozen clock: only advance() moves it; jobs end at their third status answer.
  before(async () => (client = await MockClient.start({ clock: { start: '2025-06-15 12:00:00', speed: 0 }, exportPendingPolls: 2, exportFileLifetimeMs: 5000 })));
  after(() => client.close());

  const completed = async (startDate: string, endDate: string) => {
    const { jobID } = (await client.get('/exports/emails', { startDate, endDate })).body.data;
    for (let poll = 0; poll < 2; poll += 1) await client.get('/exports/jobStatus', { jobID });
    return (await client.get('/exports/jobStatus', { jobID })).body.data;
  };
  const fetchFile = (fileKey: string) => client.get('/exports/getFile', { fileKey });

  it('serves the file as often as asked until fileExpiration, and refuses it after', async () => {
    const done = await completed('2025-01-01', '2025-03-31');
    assert.equal(done.status, 'Completed');
    assert.equal(done.fileExpiration, '2025-06-15 12:00:05');
    for (let fetch = 0; fetch < 3; fetch += 1) assert.equal((await fetchFile(done.fileKey)).headers.get('content-type'), 'application/zip');
    await client.advance(5000);
    assert.equal((await fetchFile(done.fileKey)).headers.get('content-type'), 'application/zip', 'still served at fileExpiration');
    await client.advance(1000);
    const expired = await fetchFile(done.fileKey);
    assert.deepEqual([expired.body.success, expired.body.code], [0, 601]);
    assert.match(expired.body.errors[0], /expired/);
  });

  it("tells the mock clock's now in the HTTP Date header", async () => {
    await client.admin('POST', 'clock', { start: '2025-06-15 12:00:00' });
    assert.equal((await client.get('/helper/ping')).headers.get('date'), 'Sun, 15 Jun 2025 12:00:00 GMT');
  });

  it("overrides variant alt's 6 h, and refuses a lifetime that is not a positive integer", async () => {
    const alt = await MockClient.start({ clock: { start: '2025-06-15 12:00:00', speed: 0 }, exportPendingPolls: 0, exportFileLifetimeMs: 2000, variant: 'alt' });
    try {
      const { jobID } = (await alt.get('/exports/emails', { startDate: '2025-01-01', endDate: '2025-03-31' })).body.data;
      let done: any;
      for (let poll = 0; poll < 3 && done?.status !== 'Completed'; poll += 1) done = (await alt.get('/exports/jobStatus', { jobID })).body.data;
      assert.equal(done.fileExpiration, '2025-06-15 12:00:02');
    } finally {
      await alt.close();
    }
    for (const lifetime of [0, -1, 1.5]) await assert.rejects(MockClient.start({ exportFileLifetimeMs: lifetime }), /exportFileLifetimeMs must be an integer > 0/);
  });

  it('is a few seconds in the embedded mock of a run (so a run sees a file expire)', () => {
    assert.equal(embeddedMockOptions({ faults: [] }, {}).exportFileLifetimeMs, EMBEDDED_FILE_LIFETIME_MS);
    assert.ok(EMBEDDED_FILE_LIFETIME_MS >= 3000 && EMBEDDED_FILE_LIFETIME_MS <= 8000);
    assert.equal(embeddedMockOptions({ faults: [] }, { EMS_MOCK_SCALE: '200' }).exportFileLifetimeMs, EMBEDDED_FILE_LIFETIME_AT_SCALE_MS);
    assert.ok(EMBEDDED_FILE_LIFETIME_AT_SCALE_MS > EMBEDDED_FILE_LIFETIME_MS && EMBEDDED_FILE_LIFETIME_AT_SCALE_MS <= 8000);
  });

  it("ends a job of the embedded mock of a run at its third poll, however late the polls come, never by the clock", async () => {
    const options = embeddedMockOptions({ faults: [] }, {});
    assert.ok(options.exportDelayMs && options.exportDelayMs[0] >= 10_000, 'the delay is long past any gap between polls');
    const firstPollLate = async (mock: MockClient) => {
      const { jobID } = (await mock.get('/exports/emails', { startDate: '2025-01-01', endDate: '2025-01-31' })).body.data;
      await mock.advance(5000);
      return { jobID, status: (await mock.get('/exports/jobStatus', { jobID })).body.data.status };
    };
    // The mock's own 1-2 s delay: a first poll 5 s late finds the job Completed already.
    const timed = await MockClient.start({ exportPendingPolls: options.exportPendingPolls, clock: { start: '2025-06-15 12:00:00', speed: 0 } });
    try {
      assert.equal((await firstPollLate(timed)).status, 'Completed');
    } finally {
      await timed.close();
    }
    const embedded = await MockClient.start({ ...options, clock: { start: '2025-06-15 12:00:00', speed: 0 } });
    try {
      const { jobID, status } = await firstPollLate(embedded);
      assert.equal(status, 'Pending', 'a first poll 5 s late');
      await embedded.advance(5000);
      assert.equal((await embedded.get('/exports/jobStatus', { jobID })).body.data.status, 'Pending');
      assert.equal((await embedded.get('/exports/jobStatus', { jobID })).body.data.status, 'Completed', 'the third poll, at once');
    } finally {
      await embedded.close();
    }
  });
});
