/**
 * The exploring driver of a search: requests drawn from the whole documented parameter space
 * (generators/search-requests.ts) with the run's seed, sent once per worker as a shared observation. It
 * decides nothing: its exchanges are in the worker's exchange log, where every rule's judge reads them with
 * the others. (A rule's own driver explores with ctx.explore when it needs a failing draw shrunk.)
 */
import fc from 'fast-check';
import { observation, type ApiClient, type ApiResponse, type Observation, type ObservationContext } from '../../harness/check';
import { readCount } from '../../harness/oracles';
import { pageAt, type ExploredRequest } from '../../generators';
import { firstPage } from './records';
import { type Params, type SearchOp } from '../../harness/model';

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
