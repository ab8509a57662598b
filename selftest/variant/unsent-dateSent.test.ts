/**
 * The silent point emails.unsent-dateSent (spec/silent-points.yaml): whether an email not sent (Draft, Scheduled)
 * carries a dateSent, and whether a dateSent window selects it by that value. Under `planned` the mock gives drafts
 * and scheduled emails their planned send time as dateSent, the window applying to sent emails only, and sorts by
 * the dateSent it shows; under `none` they carry no dateSent. Both readings are accepted: the two rules that judged
 * such emails as sent (emails.search.dateSentEnd.default, emails.search.dateSent.filter) pass against either, under
 * the service profile and, for `planned`, through the rest and problem-json adapters too (issue 26: they failed in
 * every envelope style before commit 151cef4).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { readReport, runConformance } from '../core/support/run';
import { grepRules } from '../outputs/support';
import { MockClient } from '../mock/client';

const RULES = ['emails.search.dateSentEnd.default', 'emails.search.dateSent.filter'];
const CLOCK = { start: '2025-06-15 12:00:00', speed: 0 };

describe('emails.unsent-dateSent: the mock takes both readings', () => {
  let planned: MockClient;
  let none: MockClient;
  before(async () => {
    planned = await MockClient.start({ clock: CLOCK, choices: { 'emails.unsent-dateSent': 'planned' } });
    none = await MockClient.start({ clock: CLOCK });
  });
  after(async () => {
    await planned.close();
    await none.close();
  });

  test('planned: drafts and scheduled emails carry a dateSent (scheduled: schedule.dateScheduled); none: they carry none', async () => {
    const unsent = { status: ['draft', 'scheduled'], rpp: 250 };
    const shown: Record<string, unknown>[] = (await planned.get('/emails/search', unsent)).body.data.records;
    assert.ok(shown.length > 0);
    for (const email of shown) {
      assert.match(String(email.dateSent), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, `email ${email.emailID}`);
      const scheduled = (email.schedule as { dateScheduled?: string }).dateScheduled;
      if (email.status === 'Scheduled') assert.equal(email.dateSent, scheduled);
    }
    const hidden: Record<string, unknown>[] = (await none.get('/emails/search', unsent)).body.data.records;
    assert.equal(hidden.length, shown.length);
    assert.ok(hidden.every((email) => !('dateSent' in email)));
  });

  test('planned: a window that holds no planned time still returns every draft and scheduled email (the window reads sent emails only)', async () => {
    const window = { status: ['draft', 'scheduled', 'sent'], dateSentStart: '2025-06-01 00:00:00', dateSentEnd: '2025-06-02 00:00:00', rpp: 250 };
    const records: Record<string, unknown>[] = (await planned.get('/emails/search', window)).body.data.records;
    const unsent = records.filter((email) => email.status !== 'Sent');
    const allUnsent = (await planned.get('/emails/search', { status: ['draft', 'scheduled'], rpp: 250 })).body.data.paging.totalRecords;
    assert.equal(unsent.length, allUnsent);
    assert.ok(unsent.some((email) => String(email.dateSent) > '2025-06-02 00:00:00'), 'some planned time lies after the window');
    for (const email of records.filter((record) => record.status === 'Sent')) {
      assert.ok(String(email.dateSent) >= '2025-06-01 00:00:00' && String(email.dateSent) <= '2025-06-02 00:00:00', `sent email ${email.emailID}`);
    }
  });

  test('planned: sorting by dateSent orders by the dateSent shown, planned times included', async () => {
    const records: { dateSent: string }[] = (await planned.get('/emails/search', { status: ['draft', 'scheduled', 'sent'], sortField: 'dateSent', sortDirection: 'desc', rpp: 250 })).body.data.records;
    assert.ok(records.length > 0);
    for (let index = 1; index < records.length; index++) assert.ok(records[index - 1]!.dateSent >= records[index]!.dateSent, `order at ${index}`);
  });
});

describe('emails.unsent-dateSent: the window rules pass against both readings', { timeout: 600_000 }, () => {
  const runs: [profile: string, reading: string][] = [
    ['service', 'none'],
    ['service', 'planned'],
    ['rest', 'planned'],
    ['problem-json', 'planned'],
  ];
  for (const [profile, reading] of runs) {
    test(`${profile} profile, emails.unsent-dateSent=${reading}: ${RULES.join(' and ')} pass`, async () => {
      const results = mkdtempSync(join(tmpdir(), 'ems-unsent-results-'));
      const finished = await runConformance(['--grep', grepRules(...RULES), '--workers', '1'], {
        EMS_PROFILE: profile,
        EMS_MOCK_CHOICES: `emails.unsent-dateSent=${reading}`,
        EMS_REPORTERS: 'minimal',
        EMS_TEST_RESULTS_DIR: results,
      }).finally(() => rmSync(results, { recursive: true, force: true }));
      const output = `${finished.stdout}\n${finished.stderr}`.slice(-3000);
      const report = readReport(finished);
      const verdicts = Object.fromEntries(report.rules.filter((rule) => RULES.includes(rule.id)).map((rule) => [rule.id, `${rule.verdict}${rule.reason ? `: ${rule.reason}` : ''}`]));
      for (const rule of RULES) assert.equal(verdicts[rule]?.split(':')[0], 'pass', `${rule} under ${profile}, ${reading}: ${verdicts[rule]}\n${output}`);
      assert.equal(report.counts.fail, 0, output);
      assert.equal(finished.code, 0, output);
    });
  }
});
