/**
 * The paging walk under a sort with ties (interface.md documents no order among equal sort values): a
 * target that orders tied records differently on every request may repeat or skip them across pages,
 * and that is noted, never failed; repeats of untied records and wrong totals still fail.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checks } from '../../checks/groups.search';
import { onlyTiesMoved, tiedIDs } from '../../harness/model';
import { setDifference } from '../../harness/oracles';
import type { Verdict } from '../../harness/types';
import { call, checkOf, judged, ok, search, target } from '../traffic-judges/support';

type Group = { groupID: number; groupName: string; totalMembers: number };

/** 12 groups; totalMembers takes three values, so it ties in runs of four. */
const GROUPS: Group[] = Array.from({ length: 12 }, (_, i) => ({ groupID: i + 1, groupName: `Group ${String(i + 1).padStart(2, '0')}`, totalMembers: (i % 3) * 10 }));

interface FakeTarget {
  /** Shift the records of every page after the first by this many (an off-by-one paging bug). */
  overlap?: number;
  /** Added to totalRecords. */
  extraTotal?: number;
}

/** The answer of a groups/search that orders tied records at random on every request (seeded, so the test repeats). */
function fakeSearch({ overlap = 0, extraTotal = 0 }: FakeTarget, seed: number) {
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  return (params: Record<string, unknown>) => {
    const field = (params.sortField ?? 'groupName') as keyof Group;
    const shuffled = GROUPS.map((group) => ({ group, tie: random() })).sort((a, b) =>
      a.group[field] < b.group[field] ? -1 : a.group[field] > b.group[field] ? 1 : a.tie - b.tie);
    const rpp = Number(params.rpp);
    const page = Number(params.page);
    const start = Math.max(0, (page - 1) * rpp - (page > 1 ? overlap : 0));
    const totalRecords = GROUPS.length + extraTotal;
    const totalPages = Math.ceil(totalRecords / rpp);
    const link = (p: number) => `${target.baseUrl}/groups/search?page=${p}`;
    const paging = { page, rpp, totalRecords, totalPages, next: page < totalPages ? link(page + 1) : '', prev: page > 1 ? link(page - 1) : '' };
    return call('groups.search', params, ok({ records: shuffled.slice(start, start + rpp).map((x) => x.group), paging }));
  };
}

/**
 * paging.totals' judge on a walk at rpp 5 under `sortField` (pages until totalPages), next to the search
 * read whole by groupID at rpp 250 (the oracle of what it holds).
 */
async function walk(fake: FakeTarget, sortField: string, seed = 7): Promise<Verdict> {
  const answer = fakeSearch(fake, seed);
  const pages = Math.ceil((GROUPS.length + (fake.extraTotal ?? 0)) / 5);
  const raws = [
    search('groups.search', { sortField: 'groupID', rpp: 250, page: 1 }, GROUPS),
    ...Array.from({ length: pages }, (_, i) => answer({ sortField, rpp: 5, page: i + 1 })),
  ];
  return judged(checkOf(checks, 'groups.search.paging.totals'), raws);
}

describe('paging through a sort with ties', () => {
  it('the tied records of a totalMembers sort', () => {
    const tied = tiedIDs('groups.search', GROUPS, { sortField: 'totalMembers' });
    assert.equal(tied.size, 12);
    assert.equal(tiedIDs('groups.search', GROUPS, { sortField: 'groupID' }).size, 0);
    assert.equal(tiedIDs('groups.search', GROUPS, {}).size, 0, 'groupName (the default sort) ties nothing here');
  });

  it('repeats and misses of tied records are a note, whatever the walk', async () => {
    let notes = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const verdict = await walk({}, 'totalMembers', seed);
      assert.equal(verdict.verdict, 'pass', verdict.reason);
      if (/tied records moved/.test(verdict.reason ?? '')) notes++;
    }
    assert.ok(notes > 0, 'a random tie order moved records between pages at least once in 20 walks');
  });

  it('a sort without ties is judged strictly: an overlap of pages fails', async () => {
    assert.equal((await walk({}, 'groupID')).verdict, 'pass');
    assert.equal((await walk({ overlap: 1 }, 'groupID')).verdict, 'fail');
    assert.equal((await walk({ overlap: 1 }, 'groupName')).verdict, 'fail');
  });

  it('wrong totals fail even where ties moved records', async () => {
    assert.equal((await walk({ extraTotal: 3 }, 'totalMembers')).verdict, 'fail');
    assert.equal((await walk({ extraTotal: 3 }, 'groupID')).verdict, 'fail');
  });

  it('only ties may move: a record outside the search, or an untied one missed, is no tie', () => {
    const tied = new Set([1, 2]);
    assert.ok(onlyTiesMoved(setDifference([1, 2, 3], [1, 1, 3]), tied));
    assert.ok(!onlyTiesMoved(setDifference([1, 2, 3], [1, 2, 2]), tied), '3 is missing and ties with nothing');
    assert.ok(!onlyTiesMoved(setDifference([1, 2, 3], [1, 2, 3, 9]), tied), '9 is not in the search');
  });
});
