/**
 * What a recorded page holds against the rpp it asked for (or the documented default): never more, and
 * exactly that many while the search holds more records (as far as the traffic shows: the search read
 * whole, else every record any answer of it returned).
 */
import type { RecordedExchange, TrafficContext, Judgement } from '../../../harness/check';
import { boundsOf, defaultOf } from '../../../generators';
import { VerdictTally } from './tally';
import { overfullPage, recordsOf, seenIds, sentPage, sentRpp, setKey, wholeSearch, type SearchOp } from '../../../harness/model';

/** How many records the search of an exchange holds: exactly (read whole), or at least (seen). */
function holdings({ traffic }: TrafficContext, op: SearchOp, exchange: RecordedExchange): { exact?: number; atLeast: number } {
  const key = setKey(op, exchange);
  const whole = wholeSearch(traffic, op, key);
  return whole ? { exact: new Set(whole.ids).size, atLeast: new Set(whole.ids).size } : { atLeast: seenIds(traffic, op, key).size };
}

/**
 * Judges one page of `size` records per page: more than `size` fails; with an explicit page, so many as
 * the search holds from there (when it is read whole), or `size` when it is seen to hold more. With
 * `onlyFull`, a page that need not be full is left unjudged (it cannot tell one page size from another).
 */
function judgePage(ctx: TrafficContext, tally: VerdictTally, op: SearchOp, exchange: RecordedExchange, size: number, what: string, onlyFull: boolean): void {
  const count = recordsOf(exchange).length;
  const page = sentPage(exchange);
  const where = `${exchange.method} ${what}${page === undefined ? '' : ` page=${page}`}`;
  const overfull = overfullPage(exchange, size, where);
  if (overfull) {
    tally.expect(false, { ...overfull, response: exchange });
    return;
  }
  if (page === undefined) return tally.skip('pages asked for without page (which page came back is page.default\'s business)');
  const { exact, atLeast } = holdings(ctx, op, exchange);
  const known = exact ?? atLeast;
  const full = known >= page * size;
  if (onlyFull && !full) return tally.skip(`the searches hold no more than ${size} records per page asked for`);
  if (exact === undefined && !full) return tally.skip('no search was read whole to tell how many records a last page holds');
  const expected = full ? size : Math.max(0, exact! - (page - 1) * size);
  tally.expect(count === expected, {
    title: `${where} holds ${expected} records (${exact === undefined ? `the search holds at least ${atLeast}` : `of the ${exact} the search holds`}: ${size} per page while more remain)`,
    expected, actual: count, response: exchange,
  });
}

/** rpp.page-size: every success that asked for an rpp within bounds. */
export function judgePageSizes(ctx: TrafficContext, op: SearchOp): Judgement {
  const tally = new VerdictTally();
  const { min, max } = boundsOf(op, 'rpp');
  for (const exchange of ctx.traffic.of(op)) {
    const rpp = sentRpp(op, exchange);
    if (exchange.outcome !== 'success' || rpp === undefined) continue;
    judgePage(ctx, tally, op, exchange, rpp, `rpp=${String(exchange.params.rpp)}`, false);
  }
  return tally.verdicts({ none: `no success of a request with rpp within ${min}..${max} and an explicit page` });
}

/** rpp.default: every success that asked for no rpp holds the default page size while the search holds more. */
export function judgeRppDefault(ctx: TrafficContext, op: SearchOp): Judgement {
  const tally = new VerdictTally();
  const size = Number(defaultOf(op, 'rpp'));
  for (const exchange of ctx.traffic.of(op)) {
    if (exchange.outcome !== 'success' || exchange.params.rpp !== undefined) continue;
    judgePage(ctx, tally, op, exchange, size, 'without rpp', true);
  }
  return tally.verdicts({ none: `no success of a request without rpp, with an explicit page, of a search seen to hold more than ${size} records` });
}
