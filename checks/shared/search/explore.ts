/**
 * The exploring driver of a search: requests drawn from the whole documented parameter space
 * (generators/search-requests.ts), sent once per worker as a shared observation, and the judging of every
 * exchange it produced by a rule's own judge. The driver decides nothing. A rule's check replays the same
 * draws as a fast-check property (same seed, same runs), so a failing request shrinks to the smallest that
 * still fails, and EMS_SEED + EMS_PATH replay it: draws the observation already sent are not sent again.
 */
import fc from 'fast-check';
import { observation, type ApiClient, type ApiResponse, type CheckContext, type Observation, type ObservationContext, type SampleEvidence, type Target } from '../../../harness/core';
import { readCount, readInteger, type Direction } from '../../../harness/oracles';
import { defaultOf, pageAt, type ExploredRequest } from '../../../generators';
import { firstPage, recordsOf, type Params, type SearchOp, type SearchRecord } from './records';
import { judgeOrderOf } from './sorting';

/** One exchange of the driver: the request as drawn, the parameters as sent (page included) and the answer. */
export interface ExploredExchange {
  request: ExploredRequest;
  params: Params;
  response: ApiResponse;
}

/** What the driver explored: the draws (to replay), the exchanges of each, and why nothing was explored. */
export interface Exploration {
  op: SearchOp;
  arbitrary: fc.Arbitrary<ExploredRequest>;
  numRuns: number;
  exchanges: Map<string, ExploredExchange[]>;
}

/** How many requests a driver draws per operation: three times the run's property runs (EMS_RUNS). */
export const explorationRuns = (runs: number): number => 3 * runs;

const keyOf = (request: ExploredRequest): string => JSON.stringify(request);

/**
 * Sends one drawn request. A page position other than "omitted" or "first" needs the search's totalPages:
 * page 1 is asked first, and both answers are exchanges of the draw.
 */
export async function sendExplored(api: ApiClient, op: SearchOp, request: ExploredRequest): Promise<ExploredExchange[]> {
  const call = async (page: number | undefined): Promise<ExploredExchange> => {
    const params = page === undefined ? request.params : { ...request.params, page };
    return { request, params, response: await api.call(op, { method: request.method, params }) };
  };
  const first = firstPage(op);
  if (request.page === 'omitted') return [await call(undefined)];
  const opening = await call(first);
  if (request.page === 'first' || opening.response.outcome !== 'success') return [opening];
  const totalPages = readCount(opening.response.paging?.totalPages);
  if (totalPages === undefined) return [opening];
  const page = pageAt(request.page, request.pick, totalPages, first)!;
  return page === first ? [opening] : [opening, await call(page)];
}

/**
 * A search's exploring driver as a shared observation: `prepare` reads what it needs from the target (the
 * names to cut text from, IDs) and gives the arbitrary of requests, or a reason it cannot explore.
 */
export function explorationOf(
  name: string,
  op: SearchOp,
  prepare: (ctx: ObservationContext) => Promise<fc.Arbitrary<ExploredRequest> | string>,
): Observation<Exploration | string> {
  return observation(name, async (ctx) => {
    const arbitrary = await prepare(ctx);
    if (typeof arbitrary === 'string') return arbitrary;
    const numRuns = explorationRuns(ctx.target.runs);
    const exchanges = new Map<string, ExploredExchange[]>();
    for (const request of fc.sample(arbitrary, { seed: ctx.target.seed, numRuns })) {
      const key = keyOf(request);
      if (!exchanges.has(key)) exchanges.set(key, await sendExplored(ctx.api, op, request));
    }
    return { op, arbitrary, numRuns, exchanges };
  });
}

/**
 * What a rule's judge says of one exchange: undefined when the rule does not apply to it (a filter not
 * sent, a refused request), else whether it holds and the evidence when it does not.
 */
export type ExchangeJudgement = undefined | { ok: true } | { ok: false; evidence: SampleEvidence };

export type ExchangeJudge = (exchange: ExploredExchange) => ExchangeJudgement;

/** The evidence of an exchange a judge finds deviating. */
export const deviates = (title: string, exchange: ExploredExchange, expected: unknown, actual: unknown): ExchangeJudgement => ({
  ok: false,
  evidence: { title, expected, actual, response: exchange.response },
});

/** A judgement from a condition. */
export const holds = (condition: boolean, evidence: () => SampleEvidence): ExchangeJudgement => (condition ? { ok: true } : { ok: false, evidence: evidence() });

/**
 * Judges every exchange of the driver with a rule's judge, as a property over the driver's draws: a
 * failing draw shrinks (its smaller draws are sent by this check) and the report carries seed, path and
 * replay line. When no exchange of the driver is one the judge applies to, nothing is recorded (the rule's
 * own scenario decides it alone).
 */
export async function judgeExplored(ctx: CheckContext, driver: Observation<Exploration | string>, judgeOne: ExchangeJudge): Promise<void> {
  const exploration = await ctx.observe(driver);
  if (typeof exploration === 'string') return;
  const applies = [...exploration.exchanges.values()].flat().some((exchange) => judgeOne(exchange) !== undefined);
  if (!applies) return;
  await ctx.judge.property(exploration.arbitrary, async (request, sample) => {
    const exchanges = exploration.exchanges.get(keyOf(request)) ?? (await sendExplored(ctx.api, exploration.op, request));
    let judged = false;
    for (const exchange of exchanges) {
      const judgement = judgeOne(exchange);
      if (judgement === undefined) continue;
      judged = true;
      sample.expect(judgement.ok, judgement.ok ? { title: '' } : judgement.evidence);
    }
    if (!judged) sample.inconclusive('the explored request is not one this rule judges');
  }, { numRuns: exploration.numRuns });
}

/** The records of a served search (undefined for a refusal: the filter, order and size rules judge what comes back). */
export const servedRecords = (exchange: ExploredExchange): SearchRecord[] | undefined =>
  exchange.response.outcome === 'success' ? recordsOf(exchange.response) : undefined;

/** An exchange as evidence titles name it. */
export const describeExchange = (exchange: ExploredExchange): string => `${exchange.request.method} ${JSON.stringify(exchange.params)}`;

/**
 * A judge that every record of a served exchange satisfies `member` for the value `valueOf` reads from the
 * request (undefined: the rule does not apply). `member` undefined for a record means it cannot tell (no
 * value to compare): not a misfit. `show` gives a misfit's fields for the evidence.
 */
export function everyRecordJudge<V>(parts: {
  valueOf: (exchange: ExploredExchange) => V | undefined;
  member: (record: SearchRecord, value: V) => boolean | undefined;
  what: (value: V) => string;
  show: (record: SearchRecord) => unknown;
}): ExchangeJudge {
  return (exchange) => {
    const value = parts.valueOf(exchange);
    const records = servedRecords(exchange);
    if (value === undefined || records === undefined) return undefined;
    const misfits = records.filter((record) => parts.member(record, value) === false);
    return holds(misfits.length === 0, () => ({
      title: `every record returned for ${describeExchange(exchange)} ${parts.what(value)}`,
      expected: parts.what(value),
      actual: { misfits: misfits.slice(0, 8).map(parts.show), count: misfits.length },
      response: exchange.response,
    }));
  };
}

/** With a sortField: the page is ordered by it in the direction asked (the default direction when none), ties and case aside. */
export const sortOrderJudge = (op: SearchOp, target: Target): ExchangeJudge => (exchange) => {
  const { sortField, sortDirection } = exchange.params;
  if (typeof sortField !== 'string' || servedRecords(exchange) === undefined) return undefined;
  const direction = String(sortDirection ?? defaultOf(op, 'sortDirection')).toLowerCase() as Direction;
  const outcome = judgeOrderOf({ target }, op, exchange.response, sortField, direction);
  if (outcome.verdict === 'inconclusive') return undefined;
  return outcome.verdict === 'pass' ? { ok: true } : deviates(`${describeExchange(exchange)}: ${outcome.reason}`, exchange, `${sortField} ${direction}`, outcome.reason);
};

/** A page holds at most rpp records (the documented default rpp when none is sent). */
export const pageSizeJudge = (op: SearchOp): ExchangeJudge => (exchange) => {
  const records = servedRecords(exchange);
  if (records === undefined) return undefined;
  const rpp = readInteger(exchange.params.rpp) ?? Number(defaultOf(op, 'rpp'));
  return holds(records.length <= rpp, () => ({
    title: `${describeExchange(exchange)} holds at most rpp=${rpp} records`, expected: `<= ${rpp}`, actual: records.length, response: exchange.response,
  }));
};

/** A check's run followed by the judging of its rule over a driver's exchanges. */
export const withExplored =
  (run: (ctx: CheckContext) => Promise<void> | void, driver: Observation<Exploration | string>, judgeOf: (ctx: CheckContext) => ExchangeJudge) =>
  async (ctx: CheckContext): Promise<void> => {
    await run(ctx);
    await judgeExplored(ctx, driver, judgeOf(ctx));
  };
