import fc from 'fast-check';
import { ruleOfTag, test } from '../harness/core';
import { addDays, comparableValues, formatDatetime, judgeOrder, matchesWildcard, matchesWildcardExactCase, type Direction } from '../harness/oracles';
import { defaultWindowMonths, windowLimitMonths, windowBeyondLimit, windowWithinLimit, type FilterCandidates } from '../generators';
import {
  checkEnumsRejectUnknown,
  checkFiltersSubset,
  checkMethods,
  checkPageDefault,
  checkPageMinimum,
  checkPagingTotals,
  checkRppBounds,
  checkRppDefault,
  checkRppPageSize,
  checkSortOrder,
  fieldKind,
  type SearchCheckContext,
} from './support/search-checks';
import {
  DEFAULT_DIRECTION,
  DEFAULT_STATUSES,
  DELIVERY,
  DELIVERY_TYPES,
  DETAIL,
  OP,
  RPP_MAX,
  RPP_MIN,
  SORT_DIRECTIONS,
  SORT_FIELDS,
  STATUSES,
  SUMMARY,
  campaignIDsOf,
  catalogueBases,
  compareExactly,
  dateSentOf,
  defaultSorts,
  defaultWindowStart,
  emailCatalogue,
  folded,
  harnessNow,
  hasValue,
  hoursAgo,
  idsOf,
  integerOf,
  pageHolding,
  recordsOfRef,
  refOf,
  searchEvery,
  unusable,
  wideWindow,
  windowInsideWide,
  windowParams,
  type EmailBase,
  type EmailRecord,
  type Params,
} from './support/emails';
import { patternSource, wildcardPattern } from './support/emails-patterns';

/** Margin around the default window's start: month arithmetic and clocks may differ by a day or so. */
const START_SLACK_DAYS = 2;
/** Margin around "now" for the default window's end: clocks of harness and target may differ a little. */
const END_SLACK_HOURS = 1;
/** The default end is only judged when an email was sent this recently (else an early end cannot show). */
const RECENT_DAYS = 2;

const usableBases = (bases: EmailBase[]): EmailBase[] => bases.filter((base) => !unusable(base) && base.records.length > 0);

/** The records of a base whose field satisfies a predicate, as IDs. */
const idsWhere = (records: readonly EmailRecord[], keep: (record: EmailRecord) => boolean): number[] => idsOf(records.filter(keep));

test.describe('emails/search', () => {
  // ---------------------------------------------------------------- schema

  test('every kind of email record and the paging block match the Email and Paging schemas', {
    tag: ['@rule:schema.emails.search'],
  }, async ({ api, judge, target }) => {
    // The client validates every answer and records schema.emails.search; this test asks for every kind of record.
    const windowed = windowParams(wideWindow(harnessNow()), target);
    let records = 0;
    const searches: Params[] = [
      { deliveryType: DELIVERY.manual, status: STATUSES, ...windowed },
      { deliveryType: DELIVERY.automated, automatedResults: SUMMARY, ...windowed },
      { deliveryType: DELIVERY.automated, automatedResults: DETAIL, ...windowed },
      { deliveryType: DELIVERY.transactional, ...windowed },
    ];
    for (const params of searches) {
      const response = await api.call(OP, { params: { ...params, rpp: RPP_MAX } });
      records += response.records?.length ?? 0;
    }
    if (records === 0) judge.inconclusive('schema.emails.search', 'no search returned an email record, so no record could be validated');
  });

  // ---------------------------------------------------------------- generic search rules (shared checks)

  test.describe('paging, methods, sorting and enums', () => {
    /**
     * Sent manual emails over the wide window: enough records to page and sort, each with a dateSent. The
     * status is passed (the default list) so that these checks do not lean on the status default.
     */
    const manualWide = (target: SearchCheckContext['target']): Params => ({
      deliveryType: DELIVERY.manual,
      status: DEFAULT_STATUSES,
      ...windowParams(wideWindow(harnessNow()), target),
    });

    test('GET and POST return the same records in the same order', { tag: ['@rule:emails.search.methods'] }, async ({ api, judge, target }) => {
      await checkMethods({ api, judge, target }, OP, manualWide(target), { numRuns: 15 });
    });

    test('without rpp a page holds the default number of records', { tag: ['@rule:emails.search.rpp.default'] }, async ({ api, judge, target }) => {
      await checkRppDefault({ api, judge, target }, OP, manualWide(target));
    });

    test('rpp within bounds is accepted, outside refused', { tag: ['@rule:emails.search.rpp.bounds'] }, async ({ api, judge, target }) => {
      await checkRppBounds({ api, judge, target }, OP, { deliveryType: DELIVERY.manual });
    });

    test('a page holds at most rpp records, exactly rpp while more remain', { tag: ['@rule:emails.search.rpp.page-size'] }, async ({ api, judge, target }) => {
      await checkRppPageSize({ api, judge, target }, OP, manualWide(target), { numRuns: 15 });
    });

    test('without page the first page is returned', { tag: ['@rule:emails.search.page.default'] }, async ({ api, judge, target }) => {
      await checkPageDefault({ api, judge, target }, OP, manualWide(target));
    });

    test('page below the minimum or non-integer is refused', { tag: ['@rule:emails.search.page.minimum'] }, async ({ api, judge, target }) => {
      await checkPageMinimum({ api, judge, target }, OP, { deliveryType: DELIVERY.manual });
    });

    test('paging through gives disjoint pages that add up to the totals', { tag: ['@rule:emails.search.paging.totals'] }, async ({ api, judge, target }) => {
      await checkPagingTotals({ api, judge, target }, OP, manualWide(target));
    });

    test('every sortField in both directions orders records by the field type', { tag: ['@rule:emails.search.sort.order'] }, async ({ api, judge, target }) => {
      await checkSortOrder({ api, judge, target }, OP, manualWide(target));
    });

    test('unknown values of the enum parameters are refused', { tag: ['@rule:emails.search.enums.reject-unknown'] }, async ({ api, judge, target }) => {
      const ctx = { api, judge, target };
      // status applies to manual searches and automatedResults to automated ones: each is tried where it applies,
      // so a target ignoring an inapplicable parameter is not held to more than the document says.
      await checkEnumsRejectUnknown(ctx, OP, ['deliveryType', 'status', 'sortField', 'sortDirection'], { deliveryType: DELIVERY.manual }, { numRuns: 15 });
      await checkEnumsRejectUnknown(ctx, OP, ['automatedResults'], { deliveryType: DELIVERY.automated }, { numRuns: 8 });
    });
  });

  // ---------------------------------------------------------------- deliveryType

  test.describe('deliveryType', () => {
    test('without deliveryType only manual emails are returned', { tag: ['@rule:emails.search.deliveryType.default'] }, async ({ api, judge, target }) => {
      const rule = 'emails.search.deliveryType.default';
      const windowed = windowParams(wideWindow(harnessNow()), target);
      const plain = await searchEvery(api, { ...windowed });
      const manual = await searchEvery(api, { deliveryType: DELIVERY.manual, ...windowed });
      for (const result of [plain, manual]) {
        if (!result.complete) return judge.inconclusive(rule, `a search could not be read whole: ${result.stoppedBecause}`);
      }
      if (plain.records.length === 0 && manual.records.length === 0) return judge.inconclusive(rule, 'no manual email in the window');
      const others = plain.records.filter((record) => folded(record.deliveryType) !== folded(DELIVERY.manual));
      judge.check(rule, others.length === 0, {
        title: 'a search without deliveryType returns only Manual emails',
        expected: 'deliveryType Manual only',
        actual: others.slice(0, 5).map((record) => ({ emailID: record.emailID, deliveryType: record.deliveryType })),
        response: pageHolding(plain, others[0] ? Number(others[0].emailID) : undefined),
      });
      const same = compareExactly(idsOf(manual.records), plain);
      judge.check(rule, same.ok, { title: `a search without deliveryType returns the same emails as deliveryType=${DELIVERY.manual}`, ...same });
    });

    test('every record has the deliveryType passed', { tag: ['@rule:emails.search.deliveryType.filter'] }, async ({ api, judge, target }) => {
      const rule = 'emails.search.deliveryType.filter';
      const windowed = windowParams(wideWindow(harnessNow()), target);
      const empty: string[] = [];
      const searches: Array<{ deliveryType: string; params: Params }> = DELIVERY_TYPES.map((deliveryType) => ({ deliveryType, params: { deliveryType, ...windowed } }));
      searches.push({ deliveryType: DELIVERY.automated, params: { deliveryType: DELIVERY.automated, automatedResults: DETAIL, ...windowed } });
      for (const { deliveryType, params } of searches) {
        const result = await searchEvery(api, params);
        const label = JSON.stringify(params.automatedResults ? { deliveryType, automatedResults: params.automatedResults } : { deliveryType });
        if (result.records.length === 0) {
          if (!result.complete) return judge.inconclusive(rule, `the search ${label} answered no records: ${result.stoppedBecause}`);
          empty.push(label);
          continue;
        }
        const misfits = result.records.filter((record) => folded(record.deliveryType) !== folded(deliveryType));
        judge.check(rule, misfits.length === 0, {
          title: `every record of ${label} has deliveryType ${deliveryType}`,
          expected: deliveryType,
          actual: misfits.slice(0, 5).map((record) => ({ emailID: record.emailID, deliveryType: record.deliveryType })),
          response: pageHolding(result, misfits[0] ? Number(misfits[0].emailID) : undefined),
        });
      }
      if (empty.length > 0) judge.inconclusive(rule, `no emails in the window for ${empty.join(', ')}, so those values could not be judged`);
    });
  });

  // ---------------------------------------------------------------- status

  test.describe('status', () => {
    test('a manual search without status returns Sent emails only', { tag: ['@rule:emails.search.status.default'] }, async ({ api, judge, target }) => {
      const rule = 'emails.search.status.default';
      const windowed = windowParams(wideWindow(harnessNow()), target);
      const plain = await searchEvery(api, { deliveryType: DELIVERY.manual, ...windowed });
      const explicit = await searchEvery(api, { deliveryType: DELIVERY.manual, status: DEFAULT_STATUSES, ...windowed });
      for (const result of [plain, explicit]) {
        if (!result.complete) return judge.inconclusive(rule, `a search could not be read whole: ${result.stoppedBecause}`);
      }
      if (plain.records.length === 0 && explicit.records.length === 0) return judge.inconclusive(rule, 'no sent manual email in the window');
      const allowed = new Set(DEFAULT_STATUSES.map(folded));
      const others = plain.records.filter((record) => !allowed.has(folded(record.status)));
      judge.check(rule, others.length === 0, {
        title: `a manual search without status returns only emails of status ${DEFAULT_STATUSES.join(', ')}`,
        expected: DEFAULT_STATUSES,
        actual: others.slice(0, 5).map((record) => ({ emailID: record.emailID, status: record.status })),
        response: pageHolding(plain, others[0] ? Number(others[0].emailID) : undefined),
      });
      const same = compareExactly(idsOf(explicit.records), plain);
      judge.check(rule, same.ok, { title: `a manual search without status returns the same emails as status=${DEFAULT_STATUSES.join(',')}`, ...same });
    });

    test('a manual search with status returns exactly the emails of those statuses', { tag: ['@rule:emails.search.status.filter'] }, async ({ api, judge, target }) => {
      const rule = 'emails.search.status.filter';
      const windowed = windowParams(wideWindow(harnessNow()), target);
      const search = (status: string[]) => searchEvery(api, { deliveryType: DELIVERY.manual, status, ...windowed });
      // Each status alone: every record has it. Each list of several: exactly the union of its members alone.
      const alone = new Map<string, number[]>();
      for (const status of STATUSES) {
        const result = await search([status]);
        if (!result.complete) return judge.inconclusive(rule, `status=${status} could not be read whole: ${result.stoppedBecause}`);
        const misfits = result.records.filter((record) => folded(record.status) !== folded(status));
        judge.check(rule, misfits.length === 0, {
          title: `every record of a manual search with status=${status} has status ${status}`,
          expected: status,
          actual: misfits.slice(0, 5).map((record) => ({ emailID: record.emailID, status: record.status })),
          response: pageHolding(result, misfits[0] ? Number(misfits[0].emailID) : undefined),
        });
        alone.set(status, idsOf(result.records));
      }
      const nonEmpty = STATUSES.filter((status) => (alone.get(status) ?? []).length > 0);
      if (nonEmpty.length < 2) {
        return judge.inconclusive(rule, `only ${nonEmpty.length} status(es) have manual emails in the window, too few to judge a list of several`);
      }
      const lists = subsetsOf(STATUSES).filter((list) => list.length >= 2);
      for (const list of lists) {
        const result = await search(list);
        if (!result.complete) return judge.inconclusive(rule, `status=${list.join(',')} could not be read whole: ${result.stoppedBecause}`);
        const expected = list.flatMap((status) => alone.get(status) ?? []);
        const same = compareExactly(expected, result);
        judge.check(rule, same.ok, { title: `status=${list.join(',')} returns exactly the emails of each of those statuses`, ...same });
      }
    });

    test('for automated and transactional searches status changes nothing', { tag: ['@rule:emails.search.status.manual-only'] }, async ({ api, judge, target }) => {
      const rule = 'emails.search.status.manual-only';
      const windowed = windowParams(wideWindow(harnessNow()), target);
      const bases: Params[] = [
        { deliveryType: DELIVERY.automated, automatedResults: SUMMARY, ...windowed },
        { deliveryType: DELIVERY.automated, automatedResults: DETAIL, ...windowed },
        { deliveryType: DELIVERY.transactional, ...windowed },
      ];
      const lists = [...STATUSES.map((status) => [status]), STATUSES];
      let judged = 0;
      for (const base of bases) {
        const reference = await searchEvery(api, base);
        if (!reference.complete) return judge.inconclusive(rule, `a search could not be read whole: ${reference.stoppedBecause}`);
        if (reference.records.length === 0) continue;
        judged += 1;
        for (const status of lists) {
          const result = await searchEvery(api, { ...base, status });
          const same = result.complete ? compareExactly(idsOf(reference.records), result) : undefined;
          judge.check(rule, same?.ok ?? false, {
            title: `${describe(base)} with status=${status.join(',')} returns the same emails as without status`,
            ...(same ?? { expected: 'the same emails', actual: { outcome: result.pages.at(-1)?.outcome, stoppedBecause: result.stoppedBecause }, response: result.pages.at(-1) }),
          });
        }
      }
      if (judged === 0) judge.inconclusive(rule, 'no automated or transactional emails in the window');
    });
  });

  // ---------------------------------------------------------------- automatedResults

  test.describe('automatedResults', () => {
    test('an automated search without automatedResults returns the summary', { tag: ['@rule:emails.search.automatedResults.default'] }, async ({ api, judge, target }) => {
      const rule = 'emails.search.automatedResults.default';
      const windowed = windowParams(wideWindow(harnessNow()), target);
      const plain = await searchEvery(api, { deliveryType: DELIVERY.automated, ...windowed });
      const summary = await searchEvery(api, { deliveryType: DELIVERY.automated, automatedResults: SUMMARY, ...windowed });
      for (const result of [plain, summary]) {
        if (!result.complete) return judge.inconclusive(rule, `a search could not be read whole: ${result.stoppedBecause}`);
      }
      if (plain.records.length === 0 && summary.records.length === 0) return judge.inconclusive(rule, 'no automated emails in the window');
      const same = compareExactly(idsOf(summary.records), plain);
      judge.check(rule, same.ok, { title: `an automated search without automatedResults returns the same emails as automatedResults=${SUMMARY}`, ...same });
    });

    test('summary gives records without parentEmailID, detail the sends each with one', { tag: ['@rule:emails.search.automatedResults.detail'] }, async ({ api, judge, target }) => {
      const rule = 'emails.search.automatedResults.detail';
      const windowed = windowParams(wideWindow(harnessNow()), target);
      const summary = await searchEvery(api, { deliveryType: DELIVERY.automated, automatedResults: SUMMARY, ...windowed });
      const detail = await searchEvery(api, { deliveryType: DELIVERY.automated, automatedResults: DETAIL, ...windowed });
      for (const result of [summary, detail]) {
        if (!result.complete) return judge.inconclusive(rule, `a search could not be read whole: ${result.stoppedBecause}`);
      }
      if (summary.records.length === 0 || detail.records.length === 0) {
        return judge.inconclusive(rule, `the window holds ${summary.records.length} summary and ${detail.records.length} detail records; both are needed`);
      }
      const withParent = summary.records.filter((record) => hasValue(record.parentEmailID));
      judge.check(rule, withParent.length === 0, {
        title: `automatedResults=${SUMMARY} returns aggregated records, none with a parentEmailID`,
        expected: 'no parentEmailID',
        actual: withParent.slice(0, 5).map((record) => ({ emailID: record.emailID, parentEmailID: record.parentEmailID })),
        response: pageHolding(summary, withParent[0] ? Number(withParent[0].emailID) : undefined),
      });
      const orphans = detail.records.filter((record) => integerOf(record.parentEmailID) === undefined);
      judge.check(rule, orphans.length === 0, {
        title: `automatedResults=${DETAIL} returns individual sends, each with a parentEmailID`,
        expected: 'a parentEmailID on every record',
        actual: orphans.slice(0, 5).map((record) => ({ emailID: record.emailID, parentEmailID: record.parentEmailID })),
        response: pageHolding(detail, orphans[0] ? Number(orphans[0].emailID) : undefined),
      });
      const summaryIDs = idsOf(summary.records);
      judge.check(rule, new Set(summaryIDs).size === summaryIDs.length, {
        title: `automatedResults=${SUMMARY} returns one record per automated email`,
        expected: 'distinct emailIDs',
        actual: { records: summaryIDs.length, distinct: new Set(summaryIDs).size },
        response: summary.pages.at(-1),
      });
    });
  });

  // ---------------------------------------------------------------- title and subject wildcards

  test.describe('title and subject wildcards', () => {
    const wildcardCases = [
      { field: 'title', tag: '@rule:emails.search.title.wildcard' },
      { field: 'subject', tag: '@rule:emails.search.subject.wildcard' },
    ] as const;
    for (const { field, tag } of wildcardCases) {
      const rule = ruleOfTag(tag);
      test(`${field} with * returns exactly the emails whose ${field} matches`, { tag: [tag] }, async ({ api, judge, target }) => {
        const catalogue = await emailCatalogue(api, target);
        const bases = usableBases([catalogue.manualAll, catalogue.automatedSummary, catalogue.transactional]);
        const sources = bases.flatMap((base) => [...new Set(base.records.map((record) => record[field]).filter(patternSource))].map((value) => ({ base: refOf(base), value })));
        if (sources.length === 0) return judge.inconclusive(rule, `no email with a usable ${field} (two characters or more, no *) in the window`);
        const arbitrary = fc.constantFrom(...sources).chain(({ base, value }) => wildcardPattern(value).map((pattern) => ({ base, pattern })));
        await judge.property(rule, arbitrary, async ({ base, pattern }, sample) => {
          const result = await searchEvery(api, { ...base.params, [field]: pattern.pattern });
          if (!result.complete) sample.inconclusive(`${field}=${pattern.pattern} could not be read whole: ${result.stoppedBecause}`);
          const misfits = result.records.filter((record) => !matchesWildcard(record[field], pattern.pattern));
          sample.expect(misfits.length === 0, {
            title: `every email returned for ${field}=${JSON.stringify(pattern.pattern)} (${base.label}) matches it`,
            expected: `${field} matching ${pattern.pattern}`,
            actual: misfits.slice(0, 5).map((record) => ({ emailID: record.emailID, [field]: record[field] })),
            response: pageHolding(result, misfits[0] ? Number(misfits[0].emailID) : undefined),
          });
          const returned = new Set(idsOf(result.records));
          const missing = recordsOfRef(base).filter((record) => matchesWildcardExactCase(record[field], pattern.pattern) && !returned.has(Number(record.emailID)));
          sample.expect(missing.length === 0, {
            title: `every email of ${base.label} whose ${field} matches ${JSON.stringify(pattern.pattern)} is returned`,
            expected: `the ${field}s matching ${pattern.pattern}`,
            actual: { missing: missing.slice(0, 5).map((record) => ({ emailID: record.emailID, [field]: record[field] })), count: missing.length, returned: returned.size },
            response: result.pages.at(-1),
          });
        }, { numRuns: 15 });
      });
    }
  });

  // ---------------------------------------------------------------- the dateSent window

  test.describe('dateSent window', () => {
    test('without dateSentStart the window starts 6 months before now', { tag: ['@rule:emails.search.dateSentStart.default'] }, async ({ api, judge, target }) => {
      const rule = 'emails.search.dateSentStart.default';
      const catalogue = await emailCatalogue(api, target);
      const now = harnessNow();
      const boundary = defaultWindowStart(now);
      const early = addDays(boundary, -START_SLACK_DAYS);
      const late = addDays(boundary, START_SLACK_DAYS);
      // dateSentEnd is passed (a day after now) so that this check does not depend on the default end.
      const end = formatDatetime(addDays(now, 1), target.profile.datetime.format);
      let older = 0;
      let recent = 0;
      for (const base of [catalogue.manualSent, catalogue.automatedDetail, catalogue.transactional]) {
        const why = unusable(base);
        if (why) return judge.inconclusive(rule, why);
        const { dateSentStart: _start, ...params } = base.params;
        const result = await searchEvery(api, { ...params, dateSentEnd: end });
        if (!result.complete) return judge.inconclusive(rule, `${base.label} without dateSentStart could not be read whole: ${result.stoppedBecause}`);
        const tooOld = result.records.filter((record) => {
          const sent = dateSentOf(record, target);
          return sent !== undefined && sent < early;
        });
        judge.check(rule, tooOld.length === 0, {
          title: `${base.label} without dateSentStart returns no email sent before ${boundary.toISOString()} (${defaultWindowMonths()} months ago, less ${START_SLACK_DAYS} days)`,
          expected: `dateSent on or after ${early.toISOString()}`,
          actual: tooOld.slice(0, 5).map((record) => ({ emailID: record.emailID, dateSent: record.dateSent })),
          response: pageHolding(result, tooOld[0] ? Number(tooOld[0].emailID) : undefined),
        });
        const since = base.records.filter((record) => {
          const sent = dateSentOf(record, target);
          return sent !== undefined && sent >= late && sent <= now;
        });
        older += base.records.filter((record) => (dateSentOf(record, target) ?? now) < early).length;
        recent += since.length;
        const returned = new Set(idsOf(result.records));
        const missing = since.filter((record) => !returned.has(Number(record.emailID)));
        judge.check(rule, missing.length === 0, {
          title: `${base.label} without dateSentStart returns every email sent since ${late.toISOString()} (found with an explicit window)`,
          expected: { count: since.length },
          actual: { missing: missing.slice(0, 5).map((record) => ({ emailID: record.emailID, dateSent: record.dateSent })), count: missing.length },
          response: result.pages.at(-1),
        });
      }
      if (older === 0) judge.inconclusive(rule, `the target has no email sent more than ${defaultWindowMonths()} months ago (within the explicit window), so a later start cannot be told from the default`);
      else if (recent === 0) judge.inconclusive(rule, `the target has no email sent in the last ${defaultWindowMonths()} months`);
    });

    test('without dateSentEnd the window ends now', { tag: ['@rule:emails.search.dateSentEnd.default'] }, async ({ api, judge, target }) => {
      const rule = 'emails.search.dateSentEnd.default';
      const catalogue = await emailCatalogue(api, target);
      const now = harnessNow();
      // An explicit start (the default one plus a margin), so this check does not depend on the default start.
      const start = addDays(defaultWindowStart(now), START_SLACK_DAYS);
      const dateSentStart = formatDatetime(start, target.profile.datetime.format);
      const upTo = hoursAgo(now, END_SLACK_HOURS);
      const later = hoursAgo(now, -END_SLACK_HOURS);
      const recentSince = addDays(now, -RECENT_DAYS);
      let recent = 0;
      for (const base of [catalogue.manualSent, catalogue.automatedDetail, catalogue.transactional]) {
        const why = unusable(base);
        if (why) return judge.inconclusive(rule, why);
        const { dateSentEnd: _end, ...params } = base.params;
        const result = await searchEvery(api, { ...params, dateSentStart });
        if (!result.complete) return judge.inconclusive(rule, `${base.label} without dateSentEnd could not be read whole: ${result.stoppedBecause}`);
        const expected = base.records.filter((record) => {
          const sent = dateSentOf(record, target);
          return sent !== undefined && sent >= start && sent <= upTo;
        });
        recent += expected.filter((record) => dateSentOf(record, target)! >= recentSince).length;
        const returned = new Set(idsOf(result.records));
        const missing = expected.filter((record) => !returned.has(Number(record.emailID)));
        judge.check(rule, missing.length === 0, {
          title: `${base.label} without dateSentEnd returns every email sent up to now (${END_SLACK_HOURS} h margin)`,
          expected: { count: expected.length, upTo: upTo.toISOString() },
          actual: { missing: missing.slice(0, 5).map((record) => ({ emailID: record.emailID, dateSent: record.dateSent })), count: missing.length },
          response: result.pages.at(-1),
        });
        const future = result.records.filter((record) => {
          const sent = dateSentOf(record, target);
          return sent !== undefined && sent > later;
        });
        judge.check(rule, future.length === 0, {
          title: `${base.label} without dateSentEnd returns no email sent after now (${END_SLACK_HOURS} h margin)`,
          expected: `dateSent up to ${later.toISOString()}`,
          actual: future.slice(0, 5).map((record) => ({ emailID: record.emailID, dateSent: record.dateSent })),
          response: pageHolding(result, future[0] ? Number(future[0].emailID) : undefined),
        });
      }
      if (recent === 0) judge.inconclusive(rule, `no email was sent in the last ${RECENT_DAYS} days, so an end earlier than now could not show`);
    });

    test('a window of at most 18 months is accepted, a longer one refused', { tag: ['@rule:emails.search.dateSent.window-limit'] }, async ({ api, judge, target }) => {
      const rule = 'emails.search.dateSent.window-limit';
      const now = harnessNow();
      const limit = windowLimitMonths();
      // Both generators keep a day or more away from the exact edge (clocks and month arithmetic may differ).
      const arbitrary = fc.oneof(
        windowWithinLimit(limit, now).map((window) => ({ window, valid: true })),
        windowBeyondLimit(limit, now).map((window) => ({ window, valid: false })),
      );
      await judge.property(rule, arbitrary, async ({ window, valid }, sample) => {
        const params = windowParams(window, target);
        const response = await api.call(OP, { params: { ...params, rpp: RPP_MIN } });
        sample.expect(response.outcome === (valid ? 'success' : 'error'), {
          title: `a window from ${params.dateSentStart} to ${params.dateSentEnd} is ${valid ? 'accepted' : `refused (more than ${limit} months)`}`,
          expected: valid ? 'success' : 'error',
          actual: response.outcome === 'success' ? { outcome: 'success' } : { outcome: response.outcome, errors: response.errors },
          response,
        });
      });
    });

    test("every record's dateSent lies within the window", { tag: ['@rule:emails.search.dateSent.filter'] }, async ({ api, judge, target }) => {
      const rule = 'emails.search.dateSent.filter';
      const now = harnessNow();
      const searches: Params[] = [
        { deliveryType: DELIVERY.manual },
        { deliveryType: DELIVERY.automated, automatedResults: DETAIL },
        { deliveryType: DELIVERY.transactional },
      ];
      const arbitrary = fc.record({
        window: windowInsideWide(now),
        base: fc.constantFrom(...searches),
        direction: fc.constantFrom(...SORT_DIRECTIONS),
      });
      await judge.property(rule, arbitrary, async ({ window, base, direction }, sample) => {
        const params: Params = { ...base, ...windowParams(window, target), sortField: 'dateSent', sortDirection: direction };
        const result = await searchEvery(api, params, 3);
        if (result.records.length === 0 && !result.complete) sample.inconclusive(`the search answered no records: ${result.stoppedBecause}`);
        const dated = result.records.filter((record) => dateSentOf(record, target) !== undefined);
        if (dated.length === 0) sample.inconclusive('no email with a dateSent in the window');
        const outside = dated.filter((record) => {
          const sent = dateSentOf(record, target)!;
          return sent < window.start || sent > window.end;
        });
        sample.expect(outside.length === 0, {
          title: `every email returned for the window ${String(params.dateSentStart)} .. ${String(params.dateSentEnd)} was sent within it`,
          expected: { from: params.dateSentStart, to: params.dateSentEnd },
          actual: outside.slice(0, 5).map((record) => ({ emailID: record.emailID, dateSent: record.dateSent })),
          response: pageHolding(result, outside[0] ? Number(outside[0].emailID) : undefined),
        });
      }, { numRuns: 15 });
    });
  });

  // ---------------------------------------------------------------- transactionalCategory

  test('transactionalCategory is refused unless deliveryType is transactional', { tag: ['@rule:emails.search.transactionalCategory.scope'] }, async ({ api, judge, target }) => {
    const rule = 'emails.search.transactionalCategory.scope';
    const known = transactionalCategories(target);
    // Categories are not on the records: a known one comes from the profile's fixtures; the refusal needs none.
    const category = known[0] ?? 'conformance-category';
    const elsewhere: Array<Params> = [{}, ...DELIVERY_TYPES.filter((type) => type !== DELIVERY.transactional).map((deliveryType) => ({ deliveryType }))];
    for (const params of elsewhere) {
      const response = await api.call(OP, { params: { ...params, transactionalCategory: category } });
      judge.check(rule, response.outcome === 'error', {
        title: `transactionalCategory with ${params.deliveryType ? `deliveryType=${String(params.deliveryType)}` : 'no deliveryType'} is refused`,
        expected: 'error', actual: response.outcome === 'success' ? { outcome: 'success', records: response.records?.length } : response.outcome, response,
      });
    }
    if (known.length > 0) {
      const response = await api.call(OP, { params: { deliveryType: DELIVERY.transactional, transactionalCategory: category } });
      judge.check(rule, response.outcome === 'success', {
        title: `transactionalCategory=${category} (a category of the target's fixtures) with deliveryType=${DELIVERY.transactional} is accepted`,
        expected: 'success', actual: { outcome: response.outcome, errors: response.errors }, response,
      });
    }
  });

  // ---------------------------------------------------------------- filters

  test.describe('filters', () => {
    test('parentEmailID returns exactly the individual sends of that email', { tag: ['@rule:emails.search.parentEmailID.filter'] }, async ({ api, judge, target }) => {
      const rule = 'emails.search.parentEmailID.filter';
      const catalogue = await emailCatalogue(api, target);
      // Parents seen on automated sends (detail) and on A/B split sends (manual).
      const pairs = usableBases([catalogue.automatedDetail, catalogue.manualSent]).flatMap((base) =>
        [...new Set(base.records.map((record) => integerOf(record.parentEmailID)).filter((id): id is number => id !== undefined))].map((parent) => ({ base: refOf(base), parent })),
      );
      if (pairs.length === 0) return judge.inconclusive(rule, 'no record with a parentEmailID in the window (no automated send, no A/B split)');
      await judge.property(rule, fc.constantFrom(...pairs), async ({ base, parent }, sample) => {
        const result = await searchEvery(api, { ...base.params, parentEmailID: parent });
        if (!result.complete) sample.inconclusive(`parentEmailID=${parent} could not be read whole: ${result.stoppedBecause}`);
        const misfits = result.records.filter((record) => integerOf(record.parentEmailID) !== parent);
        sample.expect(misfits.length === 0, {
          title: `every record returned for parentEmailID=${parent} (${base.label}) has that parentEmailID`,
          expected: parent,
          actual: misfits.slice(0, 5).map((record) => ({ emailID: record.emailID, parentEmailID: record.parentEmailID })),
          response: pageHolding(result, misfits[0] ? Number(misfits[0].emailID) : undefined),
        });
        const same = compareExactly(idsWhere(recordsOfRef(base), (record) => integerOf(record.parentEmailID) === parent), result);
        sample.expect(same.ok, { title: `parentEmailID=${parent} returns exactly the sends of ${base.label} with that parent`, ...same });
      }, { numRuns: Math.min(12, pairs.length * 2) });
    });

    test('emailIDs returns exactly the listed emails within the other filters', { tag: ['@rule:emails.search.emailIDs.filter'] }, async ({ api, judge, target }) => {
      const rule = 'emails.search.emailIDs.filter';
      const catalogue = await emailCatalogue(api, target);
      const bases = usableBases([catalogue.manualAll, catalogue.automatedSummary, catalogue.automatedDetail, catalogue.transactional]);
      if (bases.length === 0) return judge.inconclusive(rule, 'no emails in the window');
      const everyID = [...new Set(catalogueBases(catalogue).flatMap((base) => idsOf(base.records)))];
      const arbitrary = fc.constantFrom(...bases).chain((base) => {
        const own = idsOf(base.records);
        const ownSet = new Set(own);
        const foreign = everyID.filter((id) => !ownSet.has(id));
        return fc.record({
          base: fc.constant(refOf(base)),
          listed: fc.uniqueArray(fc.constantFrom(...own), { minLength: 1, maxLength: 5 }),
          // An ID the other filters exclude (an email of another search): listed, but not returned.
          outsider: foreign.length > 0 ? fc.option(fc.constantFrom(...foreign), { nil: undefined }) : fc.constant(undefined),
        });
      });
      await judge.property(rule, arbitrary, async ({ base, listed, outsider }, sample) => {
        const emailIDs = outsider === undefined ? listed : [...listed, outsider];
        const result = await searchEvery(api, { ...base.params, emailIDs });
        if (!result.complete) sample.inconclusive(`emailIDs=${emailIDs.join(',')} could not be read whole: ${result.stoppedBecause}`);
        const same = compareExactly(listed, result);
        sample.expect(same.ok, {
          title: `emailIDs=${emailIDs.join(',')} with ${base.label} returns exactly the listed emails of that search${outsider === undefined ? '' : ` (${outsider} belongs to another search)`}`,
          ...same,
        });
      }, { numRuns: 15 });
    });

    test('campaignID returns exactly the emails whose campaignIDs hold it', { tag: ['@rule:emails.search.campaignID.filter'] }, async ({ api, judge, target }) => {
      const rule = 'emails.search.campaignID.filter';
      const catalogue = await emailCatalogue(api, target);
      const pairs = usableBases([catalogue.manualAll, catalogue.automatedSummary, catalogue.transactional]).flatMap((base) =>
        [...new Set(base.records.flatMap(campaignIDsOf))].map((campaignID) => ({ base: refOf(base), campaignID })),
      );
      if (pairs.length === 0) return judge.inconclusive(rule, 'no email in the window is assigned to a campaign');
      await judge.property(rule, fc.constantFrom(...pairs), async ({ base, campaignID }, sample) => {
        const result = await searchEvery(api, { ...base.params, campaignID });
        if (!result.complete) sample.inconclusive(`campaignID=${campaignID} could not be read whole: ${result.stoppedBecause}`);
        const same = compareExactly(idsWhere(recordsOfRef(base), (record) => campaignIDsOf(record).includes(campaignID)), result);
        sample.expect(same.ok, { title: `campaignID=${campaignID} with ${base.label} returns exactly the emails whose campaignIDs hold it`, ...same });
      }, { numRuns: 15 });
    });

    test('userID returns exactly the emails of that user', { tag: ['@rule:emails.search.userID.filter'] }, async ({ api, judge, target }) => {
      const rule = 'emails.search.userID.filter';
      const catalogue = await emailCatalogue(api, target);
      const pairs = usableBases([catalogue.manualAll, catalogue.automatedSummary, catalogue.transactional]).flatMap((base) =>
        [...new Set(base.records.map((record) => integerOf(record.userID)).filter((id): id is number => id !== undefined))].map((userID) => ({ base: refOf(base), userID })),
      );
      if (pairs.length === 0) return judge.inconclusive(rule, 'no email in the window has a userID');
      await judge.property(rule, fc.constantFrom(...pairs), async ({ base, userID }, sample) => {
        const result = await searchEvery(api, { ...base.params, userID });
        if (!result.complete) sample.inconclusive(`userID=${userID} could not be read whole: ${result.stoppedBecause}`);
        const same = compareExactly(idsWhere(recordsOfRef(base), (record) => integerOf(record.userID) === userID), result);
        sample.expect(same.ok, { title: `userID=${userID} with ${base.label} returns exactly that user's emails`, ...same });
      }, { numRuns: 12 });
    });

    test('adding a filter never returns a record the search without it lacks', { tag: ['@rule:emails.search.filters.subset'] }, async ({ api, judge, target }) => {
      const catalogue = await emailCatalogue(api, target);
      const ctx = { api, judge, target };
      const rule = 'emails.search.filters.subset';
      const manual = catalogue.manualAll;
      const transactional = catalogue.transactional;
      const categories = transactionalCategories(target);
      // Each base keeps its widest status; the filters come from the records each base returned. Only
      // subsets are judged here: that each filter selects the right records is its own rule.
      const runs = [
        { base: manual, candidates: filterCandidates(manual, ['userID', 'title', 'subject', 'emailIDs', 'parentEmailID', 'campaignID']) },
        {
          base: transactional,
          candidates: {
            ...filterCandidates(transactional, ['userID', 'subject', 'emailIDs', 'campaignID']),
            // A category need not be known to the target: an unknown one narrows to nothing, still a subset.
            transactionalCategory: categories.length > 0 ? categories : ['conformance-category'],
          },
        },
      ];
      for (const { base, candidates } of runs) {
        if (Object.values(candidates).every((values) => values.length === 0)) {
          judge.inconclusive(rule, `${base.label}: no filter values could be discovered`);
          continue;
        }
        await checkFiltersSubset(ctx, OP, candidates, base.params, {}, { numRuns: 12 });
      }
    });
  });

  // ---------------------------------------------------------------- default sorts

  test.describe('default sorts', () => {
    test('without sortField, Sent emails by dateSent descending, Draft and Scheduled by dateAdded descending', {
      tag: ['@rule:emails.search.sort.default'],
    }, async ({ api, judge, target }) => {
      const rule = 'emails.search.sort.default';
      const windowed = windowParams(wideWindow(harnessNow()), target);
      const cases: Array<{ params: Params; field: string; direction: Direction }> = [];
      for (const sort of defaultSorts()) {
        const direction = sort.sortDirection;
        // Each status of the entry alone, and all of them together, in a manual search.
        const lists = sort.statuses.length > 1 ? [...sort.statuses.map((status) => [status]), sort.statuses] : [sort.statuses];
        for (const status of lists) cases.push({ params: { deliveryType: DELIVERY.manual, status, ...windowed }, field: sort.sortField, direction });
        if (sameList(sort.statuses, DEFAULT_STATUSES)) {
          // The default status, and the searches whose records are sent emails.
          cases.push({ params: { deliveryType: DELIVERY.manual, ...windowed }, field: sort.sortField, direction });
          cases.push({ params: { deliveryType: DELIVERY.automated, automatedResults: DETAIL, ...windowed }, field: sort.sortField, direction });
          cases.push({ params: { deliveryType: DELIVERY.transactional, ...windowed }, field: sort.sortField, direction });
        }
      }
      const unjudged: string[] = [];
      let judged = 0;
      for (const { params, field, direction } of cases) {
        const result = await searchEvery(api, params, 4);
        const label = describe(params);
        const last = result.pages.at(-1);
        if (result.records.length === 0) {
          unjudged.push(`${label}: no records${result.complete ? '' : ` (${result.stoppedBecause})`}`);
          continue;
        }
        const kind = fieldKind(OP, field);
        const values = comparableValues(result.records.map((record) => record[field]), kind, target.profile.datetime.format);
        const order = judgeOrder(values, kind, direction);
        if (order.comparablePairs === 0) {
          unjudged.push(`${label}: fewer than two distinct ${field} values`);
          continue;
        }
        judged += 1;
        judge.check(rule, order.ok, {
          title: `${label} without sortField is ordered by ${field} ${direction}`,
          expected: `${field} ${direction}`,
          actual: order.violation ? { position: order.violation.index, before: order.violation.before, after: order.violation.after } : 'ordered',
          ...(last ? { response: last } : {}),
        });
      }
      if (judged === 0 || unjudged.length > 0) judge.inconclusive(rule, `some default orders could not be judged: ${unjudged.join('; ') || 'no data'}`);
    });

    test('with a sortField and no sortDirection records are ordered ascending', { tag: ['@rule:emails.search.sortDirection.default'] }, async ({ api, judge, target }) => {
      const rule = 'emails.search.sortDirection.default';
      const params: Params = { deliveryType: DELIVERY.manual, status: DEFAULT_STATUSES, ...windowParams(wideWindow(harnessNow()), target) };
      const direction = DEFAULT_DIRECTION.toLowerCase() as Direction;
      const unjudged: string[] = [];
      for (const sortField of SORT_FIELDS) {
        // Without sortDirection the order is the one sortDirection=asc gives (whether that order is right
        // for the field's type is emails.search.sort.order's business); when the two differ, say in ties,
        // the records must still be in ascending order of the field.
        const plain = await searchEvery(api, { ...params, sortField });
        const explicit = await searchEvery(api, { ...params, sortField, sortDirection: DEFAULT_DIRECTION });
        if (!plain.complete || !explicit.complete) {
          const failed = !plain.complete ? plain : explicit;
          unjudged.push(`${sortField}: ${failed.stoppedBecause}`);
          continue;
        }
        const kind = fieldKind(OP, sortField);
        const values = comparableValues(plain.records.map((record) => record[sortField]), kind, target.profile.datetime.format);
        const order = judgeOrder(values, kind, direction);
        if (order.comparablePairs === 0) {
          unjudged.push(`${sortField}: fewer than two distinct values`);
          continue;
        }
        const plainIDs = idsOf(plain.records);
        const explicitIDs = idsOf(explicit.records);
        const same = plainIDs.length === explicitIDs.length && plainIDs.every((id, i) => id === explicitIDs[i]);
        judge.check(rule, same || order.ok, {
          title: `sortField=${sortField} without sortDirection orders records as sortDirection=${DEFAULT_DIRECTION} does`,
          expected: `${sortField} ${direction}: ${JSON.stringify(explicitIDs.slice(0, 8))}...`,
          actual: {
            emailIDs: `${JSON.stringify(plainIDs.slice(0, 8))}...`,
            ...(order.violation ? { outOfOrder: { position: order.violation.index, before: order.violation.before, after: order.violation.after } } : {}),
          },
          ...(plain.pages[0] ? { response: plain.pages[0] } : {}),
        });
      }
      if (unjudged.length > 0) judge.inconclusive(rule, `some sortFields could not be judged: ${unjudged.join('; ')}`);
    });
  });
});

// ------------------------------------------------------------------ local helpers

function subsetsOf<T>(values: readonly T[]): T[][] {
  return values.reduce<T[][]>((subsets, value) => [...subsets, ...subsets.map((subset) => [...subset, value])], [[]]).filter((subset) => subset.length > 0);
}

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((value) => b.map(folded).includes(folded(value)));

/** A search's parameters in a line (without the window), for titles. */
function describe(params: Params): string {
  const shown = Object.entries(params).filter(([name]) => name !== 'dateSentStart' && name !== 'dateSentEnd');
  return shown.map(([name, value]) => `${name}=${Array.isArray(value) ? value.join(',') : String(value)}`).join(' ') || 'a search without filters';
}

function transactionalCategories(target: SearchCheckContext['target']): string[] {
  const categories = target.profile.fixtures?.transactionalCategories;
  return Array.isArray(categories) ? categories.filter((value): value is string => typeof value === 'string' && value !== '') : [];
}

/** Candidate values of filters, from the records of a base (wildcard patterns for title and subject). */
function filterCandidates(base: EmailBase, names: string[]): FilterCandidates {
  const records = base.records;
  const distinct = <T>(values: T[]): T[] => [...new Set(values)].slice(0, 20);
  const all: FilterCandidates = {
    userID: distinct(records.map((record) => integerOf(record.userID)).filter((id): id is number => id !== undefined)),
    title: distinct(records.map((record) => record.title).filter(patternSource).map((title) => `${title.slice(0, Math.ceil(title.length / 2))}*`)),
    subject: distinct(records.map((record) => record.subject).filter(patternSource).map((subject) => `*${subject.slice(Math.floor(subject.length / 2))}`)),
    emailIDs: distinct(idsOf(records)).map((id, i, ids) => [id, ids[(i + 7) % ids.length]!]),
    parentEmailID: distinct(records.map((record) => integerOf(record.parentEmailID)).filter((id): id is number => id !== undefined)),
    campaignID: distinct(records.flatMap(campaignIDsOf)),
  };
  return Object.fromEntries(names.map((name) => [name, all[name] ?? []]));
}
