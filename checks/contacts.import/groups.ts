/**
 * The groups whose member counts show what an import did to group membership: every group listed and
 * sorted into Static and Dynamic, the Static groups the example drivers and the sequences use, a sighting of their counts.
 */
import { allowedValues, boundsOf } from '../../generators';
import { loadSpec, operationInfo } from '../../harness/contract';
import { Unjudged, type ApiClient } from '../../harness/check';
import { inUniqueOrder, walkPages, WHOLE_READ_PAGES } from '../../drivers';
import { isObject } from '../../harness/model';

interface GroupView {
  groupID: number;
  type: string;
  status: string;
}

/**
 * The request value of groups/search status that includes every group: the one allowed value that no
 * group record carries ("All"), from the spec's enums.
 */
export function everyStatus(): string {
  const records = operationInfo('groups.search').payload.records;
  const schemas = loadSpec().components?.schemas ?? {};
  const recordSchema = (records ? schemas[records] : undefined) as { properties?: Record<string, { enum?: unknown[] }> } | undefined;
  const carried = (recordSchema?.properties?.status?.enum ?? []).map((value) => String(value).toLowerCase());
  const widest = allowedValues('groups.search', 'status').filter((value) => !carried.includes(value.toLowerCase()));
  if (carried.length === 0 || widest.length !== 1) throw new Error('spec/openapi.yaml: groups.search status has no single value that selects every group');
  return widest[0]!;
}

const largestPage = (): number => boundsOf('groups.search', 'rpp').max ?? boundsOf('groups.search', 'rpp').min;

export interface GroupDirectory {
  /** Active Static groups, by groupID ascending. */
  statics: number[];
  /** Dynamic groups (Active first), by groupID ascending. */
  dynamics: number[];
}

/**
 * Every group, through groups/search (status All, the largest page), sorted into Static and Dynamic; a large
 * account's first WHOLE_READ_PAGES pages (the groups the imports use need not be all of them); Unjudged when
 * no group can be listed.
 */
export async function groupDirectory(api: ApiClient): Promise<GroupDirectory> {
  // By the unique groupID: under a sort with ties pages may repeat or skip a group (no tie order is documented).
  const found = await walkPages(api, 'groups.search', inUniqueOrder('groups.search', { status: everyStatus(), rpp: largestPage() }), { maxPages: WHOLE_READ_PAGES });
  if (!found.complete && found.records.length === 0) throw new Unjudged(`groups/search could not list the groups: ${found.stoppedBecause}`);
  const groups = found.records.filter(isObject).flatMap((record): GroupView[] =>
    typeof record.groupID === 'number' && typeof record.type === 'string' && typeof record.status === 'string'
      ? [{ groupID: record.groupID, type: record.type.toLowerCase(), status: record.status.toLowerCase() }]
      : [],
  );
  const byID = (a: GroupView, b: GroupView) => a.groupID - b.groupID;
  const statics = groups.filter((group) => group.type === 'static' && group.status === 'active').sort(byID);
  const dynamics = groups
    .filter((group) => group.type === 'dynamic')
    .sort((a, b) => Number(b.status === 'active') - Number(a.status === 'active') || byID(a, b));
  return { statics: statics.map((group) => group.groupID), dynamics: dynamics.map((group) => group.groupID) };
}

/** The directory, or none when the groups cannot be listed (the checks then find no group to use). */
export async function groupDirectoryOrEmpty(api: ApiClient): Promise<GroupDirectory> {
  try {
    return await groupDirectory(api);
  } catch (error) {
    if (error instanceof Unjudged) return { statics: [], dynamics: [] };
    throw error;
  }
}

/**
 * The Static groups of the example drivers: the two lowest IDs. The import sequences take the (up to)
 * three highest of the rest (modelGroups), so the two never share a group.
 */
export const exampleGroups = (directory: GroupDirectory): number[] => directory.statics.slice(0, 2);

export const modelGroups = (directory: GroupDirectory): number[] => directory.statics.slice(exampleGroups(directory).length).slice(-3);

/** The Static groups of the example checks, read from the target. */
export const exampleGroupsOf = async (api: ApiClient): Promise<number[]> => exampleGroups(await groupDirectoryOrEmpty(api));

/**
 * Asks groups/search for the groups (groupIDs, status All, the largest page): a sighting of their
 * totalMembers and activeMembers, which the group judges read around the imports naming them.
 */
export const sightGroups = (api: ApiClient, groupIDs: number[], method: 'GET' | 'POST' = 'GET') =>
  api.call('groups.search', { method, params: { groupIDs, status: everyStatus(), rpp: largestPage() } });
