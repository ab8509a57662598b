/**
 * What the model says of one answer as a whole: a success its token does not allow, the first record of a
 * served search that a filter the request asked forbids, a page breaking its page facts, records out of the
 * order the request asked (or the documented default), an import answer that breaks a documented fact of its
 * rows and counts, a Completed job's answer without the file it documents (or with one it should not have).
 * Pure; the stateful exploration's oracle for every sequence it draws (harness/runner/explore.ts), beside the
 * rules' own judges, which decide the verdicts over the whole run.
 */
import { headerOnly, type RecordedExchange, type Target } from '../check';
import type { SearchRecord } from '../oracles';
import { emailsSearchFiltersOf } from './emails-search';
import { groupsSearchFilters } from './groups-search';
import { forbiddenBy, type AnySearchFilter } from './search-filter';
import { askedOrder, judgeOrderOf } from './search-order';
import { importRejection } from './import-facts';
import type { Rejection } from './rejection';
import { tokenRejection } from './tokens';
import { phaseOf, totalRecordsOf } from './export-job';
import { fileWithRecords, noFileWithoutRecords } from './job-facts';
import { readImport, sentRecords } from './import-answer';
import { askedPageSize, overfullPage, pageDeparture, sentRpp } from './page-facts';
import { sentPage } from './recorded-searches';

/** The filters of a search operation (none for another operation). */
export function searchFiltersOf(op: string, target: Pick<Target, 'profile'>): AnySearchFilter[] {
  if (op === 'groups.search') return Object.values(groupsSearchFilters);
  if (op === 'emails.search') return Object.values(emailsSearchFiltersOf(target));
  return [];
}

/**
 * The model's rejection of an answer: a success its token does not allow (tokens.ts); then, to a token in the
 * header alone, a served search (filters, page size, paging block, order), an accepted import of an array of
 * records (the import facts), a jobStatus answer that sees its job Completed (the file facts, read on the
 * answer alone); undefined when it allows the answer.
 */
export function rejectionOf(exchange: RecordedExchange, target: Pick<Target, 'profile' | 'baseUrl'>): Rejection | undefined {
  const token = tokenRejection(exchange);
  if (token) return token;
  if (exchange.outcome !== 'success' || !headerOnly(exchange)) return undefined;
  if (exchange.op === 'contacts.import') {
    const records = sentRecords(exchange);
    return records && importRejection(records, readImport(exchange, target));
  }
  if (exchange.op === 'exports.jobStatus') return jobRejection(exchange, target);
  if (exchange.op !== 'groups.search' && exchange.op !== 'emails.search') return undefined;
  const filters = searchFiltersOf(exchange.op, target);
  for (const record of (exchange.records ?? []) as SearchRecord[]) {
    const forbidden = forbiddenBy(filters, exchange.params, record);
    if (!forbidden) continue;
    const { filter, value } = forbidden;
    return {
      title: `a record returned for ${exchange.method} ${JSON.stringify(exchange.params)} is not allowed by ${filter.describe(value)}`,
      expected: `every record ${filter.what(value)}`,
      actual: filter.show(record),
    };
  }
  const size = askedPageSize(exchange.op, exchange);
  const page = sentPage(exchange);
  const rpp = sentRpp(exchange.op, exchange);
  const paging = (size === undefined ? undefined : overfullPage(exchange, size, `${exchange.method} ${JSON.stringify(exchange.params)}`)) ??
    (page === undefined || rpp === undefined ? undefined : pageDeparture(exchange, page, rpp, target.baseUrl));
  if (paging) return paging;
  const order = askedOrder(exchange.op, exchange.params);
  const outcome = order && judgeOrderOf({ target }, exchange.op, exchange, order.field, order.direction);
  if (order && outcome?.verdict === 'fail') {
    return {
      title: `the records returned for ${exchange.method} ${JSON.stringify(exchange.params)} are out of the order asked (${order.by})`,
      expected: `${order.field} ${order.direction}`,
      actual: outcome.reason,
    };
  }
  return undefined;
}

/**
 * A jobStatus answer that sees its job Completed, against the file facts (whether it has records: its own
 * totalRecords). Not its fileExpiration: a later poll of a job whose file has expired may rightly show a past one.
 */
function jobRejection(poll: RecordedExchange, target: Pick<Target, 'profile'>): Rejection | undefined {
  const { profile } = target;
  if (phaseOf(poll, profile) !== 'completed') return undefined;
  const totalRecords = totalRecordsOf(poll, profile);
  return totalRecords === undefined ? undefined : fileWithRecords(poll, profile, totalRecords) ?? noFileWithoutRecords(poll, profile, totalRecords);
}
