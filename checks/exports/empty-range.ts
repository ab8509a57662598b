/** A range long ago in which emails/search shows no email sent: the export over it has no records. */
import type { ApiClient, ApiResponse, Target } from '../../harness/check';
import { formatDate, formatDatetime } from '../../harness/oracles';
import { DAY_MS, addDays, boundsOf, workerSlot, type DateRange } from '../../generators';
import { SEARCH, sendSearches } from '../../drivers';

export interface EmptyRange {
  range: DateRange;
  /** The searches that showed no send in it. */
  searches: ApiResponse[];
}

/** The length of the empty range the shared observation exports (EXPORT_WITHOUT_RECORDS_DAYS) and of others, which differ from it by their length. */
export const EXPORT_WITHOUT_RECORDS_DAYS = 14;

/**
 * A range long ago (a fortnight in 2001-2012, after 2000) in which every delivery-type search finds
 * no email sent. Undefined when none of a few candidates is empty. The worker slot moves the month,
 * so two workers (or a restarted one) never request the same range while the other's job is Pending;
 * another `lengthDays` gives other parameters over the same candidates (not the observation's job).
 */
export async function findRangeWithoutSends(api: ApiClient, target: Target, lengthDays = EXPORT_WITHOUT_RECORDS_DAYS): Promise<EmptyRange | undefined> {
  const format = target.profile.datetime.format;
  const rppMin = boundsOf(SEARCH, 'rpp').min;
  const seed = Math.abs(target.seed);
  const slot = workerSlot();
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const year = 2001 + ((seed + attempt * 5) % 12);
    const month = (seed + attempt * 7 + slot) % 12;
    const startDay = 1 + ((seed >> 4) % 10);
    const start = new Date(Date.UTC(year, month, startDay));
    const end = addDays(start, lengthDays);
    const range = { startDate: formatDate(start), endDate: formatDate(end) };
    const window = { dateSentStart: formatDatetime(start, format), dateSentEnd: formatDatetime(new Date(end.getTime() + DAY_MS - 1000), format) };
    const searches: ApiResponse[] = [];
    let empty = true;
    for (const search of sendSearches()) {
      const response = await api.call(SEARCH, { params: { ...search, ...window, rpp: rppMin } });
      searches.push(response);
      const total = response.paging?.totalRecords;
      if (response.outcome !== 'success' || (response.records ?? []).length > 0 || (total !== undefined && total > 0)) {
        empty = false;
        break;
      }
    }
    if (empty) return { range, searches };
  }
  return undefined;
}
