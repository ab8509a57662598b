import fc from 'fast-check';
import { allowedValue, allowedValues, defaultOf, searchMethod } from '../generators';
import { ruleOfTag, test } from '../harness/core';
import {
  OP,
  GROUP_PREDICATES,
  containsText,
  discoverGroups,
  enumParams,
  everyGroup,
  filterCandidates,
  filterValues,
  groupId,
  idSet,
  matchesValue,
  nameFragment,
  nameOf,
  sameSet,
  setDifference,
  type Discovery,
} from './support/groups';
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
  firstPage,
  judgeOrderOf,
  maxRpp,
  readBoolean,
  recordSortOutcomes,
  searchAllIds,
  type SearchCheckContext,
  type SearchRecord,
} from './support/search-checks';

/** Discovers every group; when paging through fails, the rules are inconclusive and the test ends. */
async function groupsOrInconclusive(ctx: SearchCheckContext, rules: string[]): Promise<SearchRecord[] | undefined> {
  const found: Discovery = await discoverGroups(ctx);
  if (found.complete) return found.groups;
  for (const rule of rules) ctx.judge.inconclusive(rule, `could not page through every group: ${found.stoppedBecause}`);
  return undefined;
}

/**
 * The IDs each status value (and no status) selects on the target, so that checks of other filters
 * "within the status filter" compare with what the target's own status filter returns.
 */
async function statusSelections(ctx: SearchCheckContext): Promise<Map<string | undefined, Set<unknown>> | string> {
  const selections = new Map<string | undefined, Set<unknown>>();
  for (const status of [undefined, ...allowedValues(OP, 'status')]) {
    const found = await searchAllIds(ctx, OP, { type: filterValues('type').widest, ...(status === undefined ? {} : { status }) });
    if (!found.complete) return `could not page through status=${status ?? '(none)'}: ${found.stoppedBecause}`;
    selections.set(status, new Set(found.ids));
  }
  return selections;
}

/** A few groups with their ID, name and a field, for evidence. */
const describeGroups = (groups: readonly SearchRecord[], ids: readonly unknown[], field: string) =>
  ids.slice(0, 8).map((id) => {
    const g = groups.find((x) => groupId(x) === id);
    return g ? { groupID: id, groupName: nameOf(g), [field]: g[field] } : { groupID: id };
  });

test.describe('groups/search', () => {
  // ---------------------------------------------------------------- records
  test('every group record (all statuses, every page) matches the Group and Paging schemas', {
    tag: ['@rule:schema.groups.search'],
  }, async ({ api }) => {
    // The client validates each page it receives and records schema.groups.search.
    await discoverGroups({ api });
  });

  test('no two groups share a groupName', { tag: ['@rule:groups.record.name-unique'] }, async ({ api, judge, target }) => {
    const rule = 'groups.record.name-unique';
    const groups = await groupsOrInconclusive({ api, judge, target }, [rule]);
    if (!groups) return;
    if (groups.length < 2) return judge.inconclusive(rule, `the target has ${groups.length} group(s)`);
    const byName = new Map<string, unknown[]>();
    for (const g of groups) byName.set(nameOf(g), [...(byName.get(nameOf(g)) ?? []), groupId(g)]);
    const shared = [...byName.entries()].filter(([, ids]) => ids.length > 1).map(([groupName, groupIDs]) => ({ groupName, groupIDs }));
    judge.check(rule, shared.length === 0, {
      title: `the ${groups.length} groups (every status) have distinct names`, expected: 'no shared name', actual: shared,
    });
  });

  test('activeMembers never exceeds totalMembers', { tag: ['@rule:groups.record.active-members'] }, async ({ api, judge, target }) => {
    const rule = 'groups.record.active-members';
    const groups = await groupsOrInconclusive({ api, judge, target }, [rule]);
    if (!groups) return;
    // A count written as a numeric string is read as its number: its type is schema.groups.search's business.
    const count = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined);
    const counted = groups.filter((g) => count(g.activeMembers) !== undefined && count(g.totalMembers) !== undefined);
    if (counted.length === 0) return judge.inconclusive(rule, 'no group carries both member counts as numbers');
    const over = counted.filter((g) => count(g.activeMembers)! > count(g.totalMembers)!);
    judge.check(rule, over.length === 0, {
      title: `activeMembers <= totalMembers on each of ${counted.length} groups`,
      expected: 'activeMembers <= totalMembers',
      actual: over.slice(0, 8).map((g) => ({ groupID: groupId(g), activeMembers: g.activeMembers, totalMembers: g.totalMembers })),
    });
  });

  // ---------------------------------------------------------------- methods
  test('GET and POST with the same parameters return the same groups in the same order', {
    tag: ['@rule:groups.search.methods'],
  }, async ({ api, judge, target }) => {
    const ctx = { api, judge, target };
    const names = (await discoverGroups(ctx)).groups.map(nameOf).filter((n) => n.trim().length >= 2);
    // Each filter in about a third of the samples: sets of many filters leave too few groups to tell orders apart.
    const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
    const extra = fc
      .record({
        status: sometimes(allowedValue(OP, 'status')),
        type: sometimes(allowedValue(OP, 'type')),
        private: sometimes(fc.boolean()),
        groupName: names.length > 0 ? sometimes(nameFragment(names)) : fc.constant(undefined),
      })
      .map((set) => Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)));
    await checkMethods(ctx, OP, {}, { extra });
  });

  // ---------------------------------------------------------------- rpp and page
  test('without rpp a page holds the default number of groups', { tag: ['@rule:groups.search.rpp.default'] }, async ({ api, judge, target }) => {
    await checkRppDefault({ api, judge, target }, OP, everyGroup());
  });

  test('rpp within bounds is accepted, outside refused', { tag: ['@rule:groups.search.rpp.bounds'] }, async ({ api, judge, target }) => {
    await checkRppBounds({ api, judge, target }, OP, everyGroup());
  });

  test('a page holds rpp groups while more remain, never more', { tag: ['@rule:groups.search.rpp.page-size'] }, async ({ api, judge, target }) => {
    await checkRppPageSize({ api, judge, target }, OP, everyGroup(), { numRuns: 15 });
  });

  test('without page the first page is returned', { tag: ['@rule:groups.search.page.default'] }, async ({ api, judge, target }) => {
    await checkPageDefault({ api, judge, target }, OP, everyGroup());
  });

  test('page below the minimum or non-integer is refused', { tag: ['@rule:groups.search.page.minimum'] }, async ({ api, judge, target }) => {
    await checkPageMinimum({ api, judge, target }, OP, everyGroup());
  });

  test('pages are disjoint, cover totalRecords, and totalPages/next/prev agree', {
    tag: ['@rule:groups.search.paging.totals'],
  }, async ({ api, judge, target }) => {
    await checkPagingTotals({ api, judge, target }, OP, everyGroup());
  });

  // ---------------------------------------------------------------- sorting
  test('every sortField in both directions orders groups by the field type', { tag: ['@rule:groups.search.sort.order'] }, async ({ api, judge, target }) => {
    await checkSortOrder({ api, judge, target }, OP, everyGroup());
  });

  test('without sortField and sortDirection groups are ordered by the default sort', {
    tag: ['@rule:groups.search.sort.default'],
  }, async ({ api, judge, target }) => {
    const ctx = { api, judge, target };
    const field = String(defaultOf(OP, 'sortField'));
    const direction = String(defaultOf(OP, 'sortDirection')).toLowerCase() as 'asc' | 'desc';
    const outcomes = [];
    for (const method of ['GET', 'POST'] as const) {
      const response = await api.call(OP, { method, params: { ...everyGroup(), rpp: maxRpp(OP), page: firstPage(OP) } });
      outcomes.push(judgeOrderOf(ctx, OP, response, field, direction, `${direction} (no sort parameters, ${method})`));
    }
    recordSortOutcomes(judge, 'groups.search.sort.default', outcomes);
  });

  // ---------------------------------------------------------------- enums
  test('an unknown status, type, sortField or sortDirection is refused', {
    tag: ['@rule:groups.search.enums.reject-unknown'],
  }, async ({ api, judge, target }) => {
    await checkEnumsRejectUnknown({ api, judge, target }, OP, enumParams(), {});
  });

  // ---------------------------------------------------------------- status and type
  test('without status exactly the groups of the default status are returned', {
    tag: ['@rule:groups.search.status.default'],
  }, async ({ api, judge, target }) => {
    const rule = 'groups.search.status.default';
    const ctx = { api, judge, target };
    const groups = await groupsOrInconclusive(ctx, [rule]);
    if (!groups) return;
    const status = String(defaultOf(OP, 'status'));
    const expected = groups.filter((g) => matchesValue(g, 'status', status));
    if (expected.length === groups.length) {
      return judge.inconclusive(rule, `every group of the target has status ${status}: nothing that should be hidden by default`);
    }
    const plain = await searchAllIds(ctx, OP, { type: filterValues('type').widest });
    if (!plain.complete) return judge.inconclusive(rule, `could not page through the search without status: ${plain.stoppedBecause}`);
    const diff = setDifference(idSet(expected), new Set(plain.ids));
    judge.check(rule, sameSet(diff), {
      title: `without status, exactly the ${expected.length} groups of status ${status} (of ${groups.length}) are returned`,
      expected: `${expected.length} groups of status ${status}`,
      actual: { missing: describeGroups(groups, diff.missing, 'status'), unexpected: describeGroups(groups, diff.unexpected, 'status') },
      response: plain.pages.at(-1)!,
    });
  });

  const filterCases = [
    { param: 'status', tag: '@rule:groups.search.status.filter' },
    { param: 'type', tag: '@rule:groups.search.type.filter' },
  ] as const;
  for (const { param, tag } of filterCases) {
    test(`${param}=<value> returns exactly the groups of that ${param}`, { tag: [tag] }, async ({ api, judge, target }) => {
      const rule = ruleOfTag(tag);
      const ctx = { api, judge, target };
      const groups = await groupsOrInconclusive(ctx, [rule]);
      if (!groups) return;
      for (const value of filterValues(param).selecting) {
        const expected = groups.filter((g) => matchesValue(g, param, value));
        if (expected.length === 0) {
          judge.inconclusive(rule, `no group has ${param} ${value}`);
          continue;
        }
        const found = await searchAllIds(ctx, OP, { ...everyGroup(), [param]: value });
        if (!found.complete) {
          judge.inconclusive(rule, `could not page through ${param}=${value}: ${found.stoppedBecause}`);
          continue;
        }
        const diff = setDifference(idSet(expected), new Set(found.ids));
        const seen = [...groups, ...found.records];
        judge.check(rule, sameSet(diff), {
          title: `${param}=${value} returns exactly the ${expected.length} groups of ${param} ${value}`,
          expected: `${expected.length} groups`,
          actual: { missing: describeGroups(seen, diff.missing, param), unexpected: describeGroups(seen, diff.unexpected, param) },
          response: found.pages.at(-1)!,
        });
      }
    });
  }

  test('without type groups of every type are returned', { tag: ['@rule:groups.search.type.default'] }, async ({ api, judge, target }) => {
    const rule = 'groups.search.type.default';
    const ctx = { api, judge, target };
    const groups = await groupsOrInconclusive(ctx, [rule]);
    if (!groups) return;
    const types = filterValues('type').selecting.filter((t) => groups.some((g) => matchesValue(g, 'type', t)));
    if (types.length < 2) return judge.inconclusive(rule, `the target's groups are of ${types.length} type(s) only`);
    const plain = await searchAllIds(ctx, OP, { status: filterValues('status').widest });
    if (!plain.complete) return judge.inconclusive(rule, `could not page through the search without type: ${plain.stoppedBecause}`);
    const diff = setDifference(idSet(groups), new Set(plain.ids));
    judge.check(rule, sameSet(diff), {
      title: `without type, the ${groups.length} groups of type ${filterValues('type').widest} (${types.join(', ')}) are returned`,
      expected: `${groups.length} groups`,
      actual: { missing: describeGroups(groups, diff.missing, 'type'), unexpected: describeGroups(plain.records, diff.unexpected, 'type') },
      response: plain.pages.at(-1)!,
    });
  });

  test('private=0 returns only displayed groups, private=1 only private ones', {
    tag: ['@rule:groups.search.private.filter'],
  }, async ({ api, judge, target }) => {
    const rule = 'groups.search.private.filter';
    const ctx = { api, judge, target };
    const groups = await groupsOrInconclusive(ctx, [rule]);
    if (!groups) return;
    for (const value of [false, true]) {
      const matching = groups.filter((g) => readBoolean(g.private) === value);
      if (matching.length === 0) {
        judge.inconclusive(rule, `no group has private ${value}`);
        continue;
      }
      const found = await searchAllIds(ctx, OP, { ...everyGroup(), private: value });
      if (!found.complete) {
        judge.inconclusive(rule, `could not page through private=${value}: ${found.stoppedBecause}`);
        continue;
      }
      const misfits = found.records.filter((g) => readBoolean(g.private) !== value);
      judge.check(rule, misfits.length === 0 && found.records.length > 0, {
        title: `private=${value ? 1 : 0} returns only (and some of the ${matching.length}) groups with private ${value}`,
        expected: `groups with private ${value}`,
        actual: { returned: found.records.length, misfits: misfits.slice(0, 8).map((g) => ({ groupID: groupId(g), private: g.private })) },
        response: found.pages.at(-1)!,
      });
    }
  });

  // ---------------------------------------------------------------- groupName, groupIDs, subsets
  test('groupName returns exactly the groups whose name contains it', {
    tag: ['@rule:groups.search.groupName.contains'],
  }, async ({ api, judge, target }) => {
    const rule = 'groups.search.groupName.contains';
    const ctx = { api, judge, target };
    const groups = await groupsOrInconclusive(ctx, [rule]);
    if (!groups) return;
    const names = groups.map(nameOf).filter((n) => n.trim().length >= 2);
    if (names.length === 0) return judge.inconclusive(rule, 'no group has a name of two characters or more');
    const selections = await statusSelections(ctx);
    if (typeof selections === 'string') return judge.inconclusive(rule, selections);
    const statuses = fc.option(fc.constantFrom(...allowedValues(OP, 'status')), { nil: undefined });
    await judge.property(rule, fc.tuple(nameFragment(names), statuses, searchMethod), async ([fragment, status, method], sample) => {
      const selected = selections.get(status)!;
      const within = groups.filter((g) => selected.has(groupId(g)));
      const params = { type: filterValues('type').widest, groupName: fragment, ...(status === undefined ? {} : { status }) };
      const found = await searchAllIds(ctx, OP, params, { method });
      if (!found.complete) sample.inconclusive(`could not page through groupName=${fragment}: ${found.stoppedBecause}`);
      const last = found.pages.at(-1)!;
      const foreign = found.records.filter((g) => !containsText(nameOf(g), fragment));
      sample.expect(foreign.length === 0, {
        title: `every group returned for groupName=${JSON.stringify(fragment)} contains it (letter case aside)`,
        expected: `names containing ${JSON.stringify(fragment)}`, actual: foreign.slice(0, 8).map(nameOf), response: last,
      });
      const returned = new Set(found.ids);
      const missed = within.filter((g) => nameOf(g).includes(fragment) && !returned.has(groupId(g)));
      sample.expect(missed.length === 0, {
        title: `every group${status === undefined ? '' : ` of status ${status}`} whose name contains ${JSON.stringify(fragment)} is returned`,
        expected: 'all of them', actual: { missing: missed.slice(0, 8).map(nameOf), returned: found.records.length }, response: last,
      });
    }, { numRuns: 15 });
  });

  test('groupIDs returns exactly the listed groups within the status filter', {
    tag: ['@rule:groups.search.groupIDs.filter'],
  }, async ({ api, judge, target }) => {
    const rule = 'groups.search.groupIDs.filter';
    const ctx = { api, judge, target };
    const groups = await groupsOrInconclusive(ctx, [rule]);
    if (!groups) return;
    const ids = groups.map(groupId).filter((id): id is number => typeof id === 'number');
    if (ids.length < 2) return judge.inconclusive(rule, `the target has ${ids.length} group(s) with an integer ID`);
    const absent = Math.max(...ids) + 1000;
    const selections = await statusSelections(ctx);
    if (typeof selections === 'string') return judge.inconclusive(rule, selections);
    const arbitrary = fc.tuple(
      fc.subarray(ids, { minLength: 1, maxLength: 6 }),
      fc.boolean(),
      fc.option(fc.constantFrom(...allowedValues(OP, 'status')), { nil: undefined }),
      searchMethod,
    );
    await judge.property(rule, arbitrary, async ([listed, withAbsent, status, method], sample) => {
      const groupIDs = withAbsent ? [...listed, absent] : listed;
      const params = { type: filterValues('type').widest, groupIDs, ...(status === undefined ? {} : { status }) };
      const found = await searchAllIds(ctx, OP, params, { method });
      if (!found.complete) sample.inconclusive(`could not page through groupIDs=${groupIDs.join(',')}: ${found.stoppedBecause}`);
      const selected = selections.get(status)!;
      const expected = groups.filter((g) => listed.includes(groupId(g) as number) && selected.has(groupId(g)));
      const diff = setDifference(idSet(expected), new Set(found.ids));
      sample.expect(sameSet(diff), {
        title: `groupIDs=${JSON.stringify(groupIDs)}${status === undefined ? '' : ` status=${status}`} returns exactly the ${expected.length} listed groups of that status`,
        expected: [...idSet(expected)], actual: found.ids, response: found.pages.at(-1)!,
      });
    }, { numRuns: 15 });
  });

  test('adding a filter never returns a group the search without it lacks', {
    tag: ['@rule:groups.search.filters.subset'],
  }, async ({ api, judge, target }) => {
    const rule = 'groups.search.filters.subset';
    const ctx = { api, judge, target };
    const groups = await groupsOrInconclusive(ctx, [rule]);
    if (!groups) return;
    await checkFiltersSubset(ctx, OP, filterCandidates(groups), everyGroup(), GROUP_PREDICATES, { numRuns: 20 });
  });
});
