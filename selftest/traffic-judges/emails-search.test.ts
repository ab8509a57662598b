/** The emails/search traffic judges: a conforming recording passes, a violating one fails naming the rule, an unrelated one is inconclusive. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checks } from '../../checks/emails.search';
import type { RawExchange } from '../../harness/exchanges';
import { call, checkOf, email, expectVerdicts as verdictsOf, judged, PING, RECORDED_AT, refused, search, walk, type Params, type Row } from './support';

const OP = 'emails.search';
const expectVerdicts = (rule: string, cases: { pass: RawExchange[]; fail: RawExchange[]; none?: RawExchange[] }) =>
  verdictsOf(checkOf(checks, rule), { ...cases, none: cases.none ?? PING });

const day = (n: number) => `2024-0${1 + Math.floor(n / 28)}-${String((n % 28) + 1).padStart(2, '0')} 10:00:00`;
const WINDOW = { dateSentStart: '2023-12-01 00:00:00', dateSentEnd: '2024-05-31 00:00:00' };
/** 30 sent, 5 drafts, 5 scheduled (manual), 4 automated summaries, 8 automated sends, 6 transactional. */
const SENT = Array.from({ length: 30 }, (_, i) => email(100 + i, { dateSent: day(i), dateAdded: day(i), userID: i % 3, campaignIDs: i % 2 ? [7] : [], title: i % 4 ? `Spring sale ${i}` : `Winter ${i}` }));
const DRAFTS = Array.from({ length: 5 }, (_, i) => email(200 + i, { status: 'Draft', dateSent: '', dateAdded: day(i) }));
const SCHEDULED = Array.from({ length: 5 }, (_, i) => email(300 + i, { status: 'Scheduled', dateSent: '', dateAdded: day(10 + i) }));
const SUMMARIES = Array.from({ length: 4 }, (_, i) => email(400 + i, { deliveryType: 'Automated', dateSent: day(i) }));
const SENDS = Array.from({ length: 8 }, (_, i) => email(500 + i, { deliveryType: 'Automated', parentEmailID: 400 + (i % 4), dateSent: day(i) }));
const TRANSACTIONAL = Array.from({ length: 6 }, (_, i) => email(600 + i, { deliveryType: 'Transactional', dateSent: day(i) }));

const desc = (field: string) => (rows: Row[]) => [...rows].sort((a, b) => String(b[field]).localeCompare(String(a[field])));
const asc = (field: string) => (rows: Row[]) => [...rows].sort((a, b) => (typeof a[field] === 'number' ? Number(a[field]) - Number(b[field]) : String(a[field]).localeCompare(String(b[field]))));
const whole = (params: Params, rows: Row[]) => walk(OP, { ...params, ...WINDOW }, rows, 250);
const manual = (status: string[] | undefined, rows: Row[]) => whole({ deliveryType: 'manual', ...(status ? { status } : {}) }, rows);

describe('emails/search traffic judges', () => {
  test('schema.emails.search', () =>
    expectVerdicts('schema.emails.search', {
      pass: manual(['sent'], SENT),
      fail: manual(['sent'], SENT.map((e) => ({ ...e, templateID: '12' }))),
    }));

  test('emails.search.rpp.bounds (a search without window judged from its default window)', () =>
    expectVerdicts('emails.search.rpp.bounds', {
      pass: [search(OP, { deliveryType: 'manual', rpp: 1 }, SENT), ...[0, -3, 251, 2.5].map((rpp) => call(OP, { deliveryType: 'manual', rpp }, refused('rpp')))],
      fail: [search(OP, { deliveryType: 'manual', rpp: 0 }, SENT)],
    }));

  test('emails.search.enums.reject-unknown (status judged only where it applies)', () =>
    expectVerdicts('emails.search.enums.reject-unknown', {
      pass: [
        search(OP, {}, SENT),
        ...[{ deliveryType: 'manual', status: ['sent', 'sentx'] }, { deliveryType: 'manualx' }, { deliveryType: 'automated', automatedResults: 'summaryx' }, { sortField: 'dateSentx' }, { sortDirection: 'up' }]
          .map((params) => call(OP, params, refused('enum'))),
      ],
      fail: [search(OP, { deliveryType: 'manualx' }, SENT)],
      none: [search(OP, {}, SENT), search(OP, { deliveryType: 'automated', status: ['sentx'] }, SUMMARIES)],
    }));

  test('emails.search.enums.reject-unknown: a comma list of documented statuses, recorded under a profile that repeats keys, is the list', async () => {
    // service-facts.md: clients send repeated keys or comma lists. Read as one value "draft,scheduled,sent", the accepted search would fail the rule.
    const listed = await judged(checkOf(checks, 'emails.search.enums.reject-unknown'), [
      search(OP, { deliveryType: 'manual', status: 'draft,scheduled,sent' }, [...SENT, ...DRAFTS, ...SCHEDULED]),
      search(OP, { deliveryType: 'manual', status: ['draft,scheduled', 'sent'] }, [...SENT, ...DRAFTS, ...SCHEDULED]),
      call(OP, { deliveryType: 'manual', status: 'sent,sentx' }, refused('enum')),
    ]);
    assert.notEqual(listed.verdict, 'fail', listed.reason);
    assert.match(listed.reason ?? '', /held: an unknown status refused\) \(1 judged, all held\)/, 'the refusal of the list with an unknown item is judged, the documented lists pass');
    const unknownInList = await judged(checkOf(checks, 'emails.search.enums.reject-unknown'), [search(OP, { deliveryType: 'manual', status: 'draft,sentx' }, SENT)]);
    assert.equal(unknownInList.verdict, 'fail', 'an unknown item of a comma list accepted still fails');
  });

  test('emails.search.dateSent.window-limit', () =>
    expectVerdicts('emails.search.dateSent.window-limit', {
      pass: [search(OP, { ...WINDOW, rpp: 1 }, SENT), call(OP, { dateSentStart: '2022-01-01 00:00:00', dateSentEnd: '2023-09-01 00:00:00' }, refused('window'))],
      fail: [search(OP, { ...WINDOW, rpp: 1 }, SENT), search(OP, { dateSentStart: '2022-01-01 00:00:00', dateSentEnd: '2023-09-01 00:00:00' }, SENT)],
      none: [search(OP, { ...WINDOW, rpp: 1 }, SENT)],
    }));

  test('emails.search.sort.default', () => {
    const dated = desc('dateAdded');
    const every = (sent: (rows: Row[]) => Row[]) => [
      ...manual(['sent'], sent(SENT)), ...manual(['draft'], dated(DRAFTS)), ...manual(['scheduled'], dated(SCHEDULED)),
      ...manual(['draft', 'scheduled'], dated([...DRAFTS, ...SCHEDULED])),
      ...whole({ deliveryType: 'automated', automatedResults: 'detail' }, desc('dateSent')(SENDS)), ...whole({ deliveryType: 'transactional' }, desc('dateSent')(TRANSACTIONAL)),
    ];
    return expectVerdicts('emails.search.sort.default', { pass: every(desc('dateSent')), fail: every(asc('dateSent')) });
  });

  test('emails.search.sortDirection.default', () => {
    const fields = ['emailID', 'userID', 'title', 'subject', 'dateAdded', 'dateModified', 'dateSent'];
    const rows = SENT.map((e, i) => ({ ...e, dateModified: day(29 - i) }));
    const every = (wrong?: string) => fields.flatMap((sortField) => [
      ...manual(['sent'], sortField === wrong ? desc(sortField)(rows) : asc(sortField)(rows)).map((raw) => ({ ...raw, url: raw.url.replace('&rpp=', `&sortField=${sortField}&rpp=`) })),
      ...manual(['sent'], asc(sortField)(rows)).map((raw) => ({ ...raw, url: raw.url.replace('&rpp=', `&sortField=${sortField}&sortDirection=asc&rpp=`) })),
    ]);
    return expectVerdicts('emails.search.sortDirection.default', { pass: every(), fail: every('subject') });
  });

  test('emails.search.deliveryType.filter', () =>
    expectVerdicts('emails.search.deliveryType.filter', {
      pass: [...manual(undefined, SENT), ...whole({ deliveryType: 'automated' }, SUMMARIES), ...whole({ deliveryType: 'transactional' }, TRANSACTIONAL)],
      fail: [...manual(undefined, SENT), ...whole({ deliveryType: 'automated' }, SUMMARIES), ...whole({ deliveryType: 'transactional' }, [...TRANSACTIONAL, ...SENDS])],
    }));

  test('emails.search.status.filter', () =>
    expectVerdicts('emails.search.status.filter', {
      pass: [...manual(['draft'], DRAFTS), ...manual(['sent'], SENT), ...manual(['draft', 'sent'], [...DRAFTS, ...SENT])],
      fail: [...manual(['draft'], DRAFTS), ...manual(['sent'], SENT), ...manual(['draft', 'sent'], DRAFTS)],
    }));

  test('emails.search.status.default', () =>
    expectVerdicts('emails.search.status.default', {
      pass: [...manual(['sent'], SENT), ...manual(undefined, SENT)],
      fail: [...manual(['sent'], SENT), ...manual(undefined, [...SENT, ...DRAFTS])],
    }));

  test('emails.search.deliveryType.default', () =>
    expectVerdicts('emails.search.deliveryType.default', {
      pass: [...manual(undefined, SENT), ...whole({}, SENT)],
      fail: [...manual(undefined, SENT), ...whole({}, [...SENT, ...TRANSACTIONAL])],
    }));

  test('emails.search.automatedResults.default', () =>
    expectVerdicts('emails.search.automatedResults.default', {
      pass: [...whole({ deliveryType: 'automated', automatedResults: 'summary' }, SUMMARIES), ...whole({ deliveryType: 'automated' }, SUMMARIES)],
      fail: [...whole({ deliveryType: 'automated', automatedResults: 'summary' }, SUMMARIES), ...whole({ deliveryType: 'automated' }, SENDS)],
    }));

  const base = { deliveryType: 'manual', status: ['sent'] };
  const exact = (rule: string, param: string, value: unknown, keep: (e: Row) => boolean, wrong: (e: Row) => boolean) =>
    expectVerdicts(rule, {
      pass: [...whole(base, SENT), ...whole({ ...base, [param]: value }, SENT.filter(keep))],
      fail: [...whole(base, SENT), ...whole({ ...base, [param]: value }, SENT.filter(wrong))],
    });

  test('emails.search.userID.filter', () => exact('emails.search.userID.filter', 'userID', 2, (e) => e.userID === 2, () => true));
  test('emails.search.campaignID.filter', () => exact('emails.search.campaignID.filter', 'campaignID', 7, (e) => (e.campaignIDs as number[]).includes(7), (e) => e.emailID === 101));
  test('emails.search.emailIDs.filter', () => exact('emails.search.emailIDs.filter', 'emailIDs', [101, 102, 999], (e) => [101, 102].includes(Number(e.emailID)), (e) => e.emailID === 101));
  test('emails.search.title.wildcard', () => exact('emails.search.title.wildcard', 'title', 'Spring*', (e) => String(e.title).startsWith('Spring'), (e) => String(e.title).startsWith('Spring sale 1')));
  test('emails.search.subject.wildcard', () => exact('emails.search.subject.wildcard', 'subject', '*ject 11*', (e) => String(e.subject).includes('ject 11'), (e) => e.emailID !== 111));

  test('emails.search.parentEmailID.filter', () => {
    const detail = { deliveryType: 'automated', automatedResults: 'detail' };
    return expectVerdicts('emails.search.parentEmailID.filter', {
      pass: [...whole(detail, SENDS), ...whole({ ...detail, parentEmailID: 401 }, SENDS.filter((e) => e.parentEmailID === 401))],
      fail: [...whole(detail, SENDS), ...whole({ ...detail, parentEmailID: 401 }, [SUMMARIES[1]!, ...SENDS.filter((e) => e.parentEmailID === 401)])],
    });
  });

  test('emails.search.parentEmailID.filter: an automated search without automatedResults is compared with the detail search, never with the summary', () => {
    const automated = { deliveryType: 'automated' };
    const detail = { ...automated, automatedResults: 'detail' };
    const ofParent = (parent: number) => SENDS.filter((e) => e.parentEmailID === parent);
    // The summary (the default) read whole holds no send: compared with it, the sends of 401 would all be unexpected.
    return expectVerdicts('emails.search.parentEmailID.filter', {
      pass: [...whole(automated, SUMMARIES), ...whole(detail, SENDS), ...whole({ ...automated, parentEmailID: 401 }, ofParent(401))],
      fail: [...whole(automated, SUMMARIES), ...whole(detail, SENDS), ...whole({ ...automated, parentEmailID: 401 }, [...ofParent(401), ...ofParent(402)])],
    });
  });

  test('emails.search.dateSent.filter', () => {
    const window = { deliveryType: 'manual', dateSentStart: '2024-01-05 00:00:00', dateSentEnd: '2024-01-20 00:00:00' };
    const inside = SENT.filter((e) => String(e.dateSent) >= '2024-01-05' && String(e.dateSent) <= '2024-01-20');
    return expectVerdicts('emails.search.dateSent.filter', {
      pass: walk(OP, window, inside, 250),
      fail: walk(OP, window, [...inside, SENT[25]!], 250),
    });
  });

  test('emails.search.status.manual-only', () => {
    const detail = { deliveryType: 'automated', automatedResults: 'detail' };
    return expectVerdicts('emails.search.status.manual-only', {
      pass: [...whole(detail, SENDS), ...whole({ ...detail, status: ['draft'] }, SENDS)],
      fail: [...whole(detail, SENDS), ...whole({ ...detail, status: ['draft'] }, [])],
      none: manual(['draft'], DRAFTS),
    });
  });

  test('emails.search.transactionalCategory.scope', () =>
    expectVerdicts('emails.search.transactionalCategory.scope', {
      pass: [search(OP, { deliveryType: 'manual' }, SENT), call(OP, { deliveryType: 'manual', transactionalCategory: 'receipts' }, refused('category')), call(OP, { transactionalCategory: 'receipts' }, refused('category'))],
      fail: [search(OP, { deliveryType: 'automated', transactionalCategory: 'receipts' }, SUMMARIES)],
      none: [search(OP, { deliveryType: 'transactional', transactionalCategory: 'receipts' }, TRANSACTIONAL)],
    }));

  test('a refusal of an rpp within bounds counts only beside an accepted twin (it may be about another parameter; the rule cannot pass then)', async () => {
    const check = checkOf(checks, 'emails.search.rpp.bounds');
    const longWindow = { dateSentStart: '2023-01-01 00:00:00', dateSentEnd: '2024-05-01 00:00:00', rpp: 1 };
    const outside = call(OP, { deliveryType: 'manual', rpp: 0 }, refused('rpp'));
    const alone = await judged(check, [search(OP, { deliveryType: 'manual', rpp: 5 }, SENT), outside, call(OP, longWindow, refused('window'))]);
    assert.equal(alone.verdict, 'inconclusive', alone.reason);
    assert.match(alone.reason ?? '', /^not observed in the traffic: whether the refusal of rpp=1 \(within bounds\) was about it/);
    const twin = await judged(check, [search(OP, { deliveryType: 'manual', rpp: 5 }, SENT), outside, search(OP, { ...longWindow, rpp: 2 }, SENT), call(OP, longWindow, refused('rpp'))]);
    assert.equal(twin.verdict, 'fail', twin.reason);
  });
});

describe('emails/search judges of automated results and the default window', () => {
  // Recorded at RECORDED_AT (2024-06-01 12:00 GMT): the default window starts 2023-12-01 12:00.
  const at = (dateSent: string, id: number) => email(id, { dateSent, dateAdded: dateSent });
  const OLD = at('2023-10-15 10:00:00', 700);
  const RECENT = [at('2024-01-10 10:00:00', 701), at('2024-03-10 10:00:00', 702), at('2024-05-31 10:00:00', 703)];
  const BOTH = { dateSentStart: '2023-07-01 00:00:00', dateSentEnd: '2024-06-02 12:00:00' };
  const reference = walk(OP, { deliveryType: 'manual', ...BOTH, sortField: 'emailID' }, [OLD, ...RECENT], 250);
  const withoutStart = (rows: Row[]) => walk(OP, { deliveryType: 'manual', dateSentEnd: BOTH.dateSentEnd, sortField: 'emailID' }, rows, 250);
  const withoutEnd = (rows: Row[]) => walk(OP, { deliveryType: 'manual', dateSentStart: '2023-12-01 00:00:00', sortField: 'emailID' }, rows, 250);

  test('emails.search.automatedResults.detail', () =>
    expectVerdicts('emails.search.automatedResults.detail', {
      pass: [...whole({ deliveryType: 'automated', automatedResults: 'summary' }, SUMMARIES), ...whole({ deliveryType: 'automated', automatedResults: 'detail' }, SENDS)],
      fail: [...whole({ deliveryType: 'automated', automatedResults: 'summary' }, SUMMARIES), ...whole({ deliveryType: 'automated', automatedResults: 'detail' }, [...SENDS, ...SUMMARIES])],
      // The default (no automatedResults) is automatedResults.default's rule.
      none: whole({ deliveryType: 'automated' }, [...SUMMARIES, ...SENDS]),
    }));

  test('emails.search.automatedResults.detail (a summary read whole holds each email once)', async () => {
    const twice = await judged(checkOf(checks, 'emails.search.automatedResults.detail'), [
      ...walk(OP, { deliveryType: 'automated', automatedResults: 'summary', ...WINDOW, sortField: 'emailID' }, [...SUMMARIES, SUMMARIES[0]!], 2),
      ...whole({ deliveryType: 'automated', automatedResults: 'detail' }, SENDS),
    ]);
    assert.equal(twice.verdict, 'fail', twice.reason);
    // A second page without its first (no walk from page 1) is judged by its records alone.
    const secondPage = search(OP, { deliveryType: 'automated', automatedResults: 'summary', ...WINDOW, rpp: 2, page: 2 }, SUMMARIES);
    const partial = await judged(checkOf(checks, 'emails.search.automatedResults.detail'), [secondPage, ...whole({ deliveryType: 'automated', automatedResults: 'summary' }, SUMMARIES)]);
    assert.equal(partial.verdict, 'inconclusive', partial.reason);
    assert.match(partial.reason ?? '', /automatedResults=detail returned records/);
  });

  test('emails.search.dateSentStart.default', () =>
    expectVerdicts('emails.search.dateSentStart.default', {
      pass: [...reference, ...withoutStart(RECENT)],
      fail: [...reference, ...withoutStart([OLD, ...RECENT])],
    }));

  test('emails.search.dateSentStart.default (a start too late, and what a recording cannot decide)', async () => {
    const check = checkOf(checks, 'emails.search.dateSentStart.default');
    const late = await judged(check, [...reference, ...withoutStart(RECENT.slice(1))]);
    assert.equal(late.verdict, 'fail', late.reason);
    // Without a reference read whole with both bounds, completeness was never judged.
    const alone = await judged(check, [search(OP, { deliveryType: 'manual', dateSentEnd: BOTH.dateSentEnd, rpp: 2, page: 2 }, RECENT), ...withoutStart(RECENT)]);
    assert.equal(alone.verdict, 'inconclusive', alone.reason);
    // A reference holding no email older than the default start cannot show a start too early.
    const noOlder = await judged(check, [...walk(OP, { deliveryType: 'manual', ...BOTH, sortField: 'emailID' }, RECENT, 250), ...withoutStart(RECENT)]);
    assert.equal(noOlder.verdict, 'inconclusive', noOlder.reason);
    assert.match(noOlder.reason ?? '', /start too early/);
  });

  test('emails.search.dateSentEnd.default', () =>
    expectVerdicts('emails.search.dateSentEnd.default', {
      pass: [...reference, ...withoutEnd(RECENT)],
      // The window ended a day early: yesterday's email is missing.
      fail: [...reference, ...withoutEnd(RECENT.slice(0, 2))],
    }));

  test("emails.search.dateSentEnd.default (now is the answer's Date header, the target's clock)", async () => {
    const check = checkOf(checks, 'emails.search.dateSentEnd.default');
    const dated = (raws: RawExchange[], date: number) => raws.map((raw) => ({ ...raw, responseHeaders: { Date: new Date(date).toUTCString() } }));
    // Requests started two days late on the recorder's clock; the target's clock says 2024-06-01 12:00.
    const late = RECORDED_AT + 2 * 86_400_000;
    const onTargetClock = await judged(check, [...reference, ...dated(withoutEnd(RECENT.slice(0, 2)).map((raw) => ({ ...raw, startedAt: late })), RECORDED_AT)]);
    assert.equal(onTargetClock.verdict, 'fail', onTargetClock.reason);
    const future = await judged(check, [...reference, ...withoutEnd([...RECENT, at('2024-06-01 14:00:00', 704)])]);
    assert.equal(future.verdict, 'fail', future.reason);
    const noRecent = await judged(check, [...reference, ...withoutEnd(RECENT.slice(0, 2))].map((raw) => ({ ...raw, startedAt: RECORDED_AT + 30 * 86_400_000 })));
    assert.equal(noRecent.verdict, 'inconclusive', noRecent.reason);
  });
});

describe('emails/search filter judges over every served search, whatever else it carried', () => {
  const comparable = manual(['sent'], SENT);
  const userTwo = SENT.filter((e) => e.userID === 2);

  test('should fail a filter lost in combination (userID dropped when subject is also given)', async () => {
    const check = checkOf(checks, 'emails.search.userID.filter');
    const exact = whole({ deliveryType: 'manual', status: ['sent'], userID: 2 }, userTwo);
    const held = await judged(check, [...comparable, ...exact, search(OP, { deliveryType: 'manual', userID: 2, subject: 'Subject*' }, userTwo)]);
    assert.equal(held.verdict, 'pass', held.reason);
    const lost = await judged(check, [...comparable, ...exact, search(OP, { deliveryType: 'manual', userID: 2, subject: 'Subject*' }, SENT)]);
    assert.equal(lost.verdict, 'fail', lost.reason);
    assert.match(lost.evidence[0]?.title ?? '', /belongs to user 2/);
  });

  test('should leave a served unknown value to enums.reject-unknown (deliveryType.filter does not fail on it)', async () => {
    const check = checkOf(checks, 'emails.search.deliveryType.filter');
    const every = [...whole({ deliveryType: 'manual' }, SENT), ...whole({ deliveryType: 'automated' }, SUMMARIES), ...whole({ deliveryType: 'transactional' }, TRANSACTIONAL)];
    const verdict = await judged(check, [...every, search(OP, { deliveryType: 'manualx' }, SENT)]);
    assert.equal(verdict.verdict, 'pass', verdict.reason);
  });
});
