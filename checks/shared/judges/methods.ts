// @silent-point search.tie-order
/**
 * methods: GET and POST of a search with the same parameters (and the same token) have the same outcome
 * and return the same records in the same order, ties aside (no tie-break is documented). The data may
 * move between two calls (member counts, records written by other tests): a POST that departs from the
 * GET before it is judged against the GET after it too, and only a departure the data cannot explain fails.
 */
import type { RecordedExchange, TrafficContext, Judgement } from '../../../harness/check';
import { describeDifference, foldCase, sameUpToTies } from '../../../harness/oracles';
import { defaultOf, sortCombinations } from '../../../generators';
import { VerdictTally } from './tally';
import { idField, idsOf, orderedEntries, orderFields, recordsOf, type SearchOp, tokenWorks, paramsKey, silentInputs } from '../../../harness/model';

const sameOrder = (op: SearchOp, a: RecordedExchange, b: RecordedExchange): boolean =>
  sameUpToTies(orderedEntries(op, recordsOf(a), a.params), orderedEntries(op, recordsOf(b), b.params));

/** Same records (IDs) and, for each, the same values of the fields the order reads: nothing the order depends on moved. */
function sameData(op: SearchOp, a: RecordedExchange, b: RecordedExchange): boolean {
  const fields = orderFields(op, a.params);
  const byId = new Map(recordsOf(b).map((record) => [record[idField(op)], record]));
  const records = recordsOf(a);
  return records.length === byId.size && records.every((record) => {
    const twin = byId.get(record[idField(op)]);
    return twin !== undefined && fields.every((field) => JSON.stringify(twin[field]) === JSON.stringify(record[field]));
  });
}

/**
 * A record both answers hold has another value in a field the order reads: the data moved at one of them.
 * Member counts go up and down between calls (imports subscribe and unsubscribe), so a POST can catch a
 * value the GETs around it never show; the order it answers is then the order of other data.
 */
function valuesMoved(op: SearchOp, a: RecordedExchange, b: RecordedExchange): boolean {
  const fields = orderFields(op, a.params);
  const byId = new Map(recordsOf(b).map((record) => [record[idField(op)], record]));
  return recordsOf(a).some((record) => {
    const twin = byId.get(record[idField(op)]);
    return twin !== undefined && fields.some((field) => JSON.stringify(twin[field]) !== JSON.stringify(record[field]));
  });
}

/** The sort an exchange asked for, as the spec spells its cases (the defaults where none was sent). */
function sortOf(op: SearchOp, exchange: RecordedExchange): string {
  const field = exchange.params.sortField ?? defaultOf(op, 'sortField') ?? '(default)';
  const direction = exchange.params.sortDirection ?? defaultOf(op, 'sortDirection') ?? '(default)';
  return `${String(field)} ${foldCase(String(direction))}`;
}

/** Whether an answer says nothing of the parameters: a transport failure or a rate limit. */
const unsaid = (exchange: RecordedExchange): boolean => exchange.outcome === 'transport' || exchange.status === 429;

/**
 * Every POST with a working token against the GETs with the same token and parameters just before and
 * just after it. Needs every sortField × sortDirection of the spec judged on two records or more.
 */
export function judgeMethods(ctx: TrafficContext, op: SearchOp): Judgement {
  const tally = new VerdictTally();
  const judged = new Set<string>();
  const byRequest = new Map<string, RecordedExchange[]>();
  for (const exchange of ctx.traffic.of(op)) {
    // A request holding an input whose acceptance is unwritten (an unknown parameter, another spelling) may be taken by one method and refused by the other.
    if (unsaid(exchange) || !tokenWorks(ctx.traffic, exchange) || (exchange.outcome === 'error' && silentInputs(ctx.traffic, exchange).length > 0)) continue;
    const key = `${exchange.token.id} ${paramsKey(op, exchange, [])}`;
    byRequest.set(key, [...(byRequest.get(key) ?? []), exchange]);
  }
  for (const exchanges of byRequest.values()) {
    exchanges.forEach((post, at) => {
      if (post.method !== 'POST') return;
      const before = exchanges.slice(0, at).reverse().find((e) => e.method === 'GET');
      const after = exchanges.slice(at + 1).find((e) => e.method === 'GET');
      const gets = [before, after].filter((e): e is RecordedExchange => e !== undefined);
      if (gets.length === 0) return;
      const label = JSON.stringify(post.params);
      if (gets.every((get) => get.outcome !== post.outcome)) {
        tally.expect(false, {
          title: `GET and POST with the same parameters have the same outcome (${label})`, expected: gets[0]!.outcome,
          actual: { outcome: post.outcome, errors: post.errors }, response: post,
        });
        return;
      }
      const get = gets.find((e) => e.outcome === post.outcome)!;
      if (post.outcome !== 'success') return;
      if (gets.some((e) => e.outcome === 'success' && sameOrder(op, e, post))) {
        tally.expect(true, { title: '', response: post });
        if (recordsOf(post).length >= 2) judged.add(sortOf(op, post));
        return;
      }
      // Departs from each GET around it: a deviation when those GETs agree with each other (the data stood
      // still around the POST) and the POST shows no value of theirs moved, or when the one GET holds the
      // same data in another order.
      const confirmed = before && after && before.outcome === 'success' && after.outcome === 'success'
        ? sameOrder(op, before, after) && !valuesMoved(op, get, post)
        : sameData(op, get, post);
      if (!confirmed) return tally.skip('the records moved between a POST and the GETs with the same parameters around it');
      const getIds = idsOf(op, recordsOf(get));
      const postIds = idsOf(op, recordsOf(post));
      tally.expect(false, {
        title: `POST returns the same records in the same order as GET, ties aside (${label}; ${describeDifference(getIds, postIds)})`,
        expected: getIds, actual: postIds, response: post,
      });
    });
  }
  const missing = sortCombinations(op)
    .map(({ sortField, sortDirection }) => `${sortField} ${foldCase(sortDirection)}`)
    .filter((sort) => !judged.has(sort))
    .map((sort) => `GET and POST sorted by ${sort} were not compared on two records or more`);
  return tally.verdicts({ none: 'no POST next to a GET with the same parameters and token', missing });
}
