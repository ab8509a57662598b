/** Whether the traffic read every group of the target: the widest search (status and type at their widest, no other filter) read whole. */
import type { RecordedTraffic } from '../../harness/check';
import { readCount } from '../../harness/oracles';
import { maxRpp, WHOLE_READ_PAGES } from '../../drivers';
import { everyGroup, OP } from './group-filters';
import { setKeyOf, walksOf, wholeSearch, type Walk } from '../../harness/model';

export const everyGroupRead = (traffic: RecordedTraffic) => wholeSearch(traffic, OP, setKeyOf(OP, everyGroup()));

/**
 * A large account's widest search read as far as the harness reads one (WHOLE_READ_PAGES pages at rpp max
 * from page 1, in a row): a sample of its groups, the first ones. Undefined when the traffic holds no such walk.
 */
export function everyGroupSampled(traffic: RecordedTraffic): { walk: Walk; totalRecords?: number } | undefined {
  const key = setKeyOf(OP, everyGroup());
  const walk = walksOf(traffic, OP).find((w) => w.pages.length >= WHOLE_READ_PAGES && readCount(w.pages[0]!.params.rpp) === maxRpp(OP) && setKeyOf(OP, w.pages[0]!.params) === key);
  return walk ? { walk, ...(readCount(walk.pages[0]!.paging?.totalRecords) !== undefined ? { totalRecords: readCount(walk.pages[0]!.paging?.totalRecords) } : {}) } : undefined;
}

/** Why a record rule cannot pass without it. */
export const EVERY_GROUP_UNREAD = 'no search of every group (status and type at their widest, no other filter) was read whole, nor its first pages on a large account';

/** The note a record rule judged on a large account's sample carries: what was not read. */
export const sampledNote = (sample: { walk: Walk; totalRecords?: number }): string =>
  `judged on the first ${sample.walk.ids.length} groups of ${sample.totalRecords ?? 'an unknown number of'} (a large account: the rest was not read)`;
