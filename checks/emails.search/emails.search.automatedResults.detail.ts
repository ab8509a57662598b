import { defineCheck, type RecordedExchange, type TrafficContext, type Judgement } from '../../harness/check';
import { foldCase, referencedID } from '../../harness/oracles';
import { VerdictTally } from '../shared/judges';
import { allowedSpelling, DELIVERY, DETAIL, emailID, SUMMARY, recordsOf, walksOf } from '../../harness/model';
import { wideWindowParams } from './date-windows';
import { OP } from './documented-values';
import { searchWhole } from './whole-search';

const MAX_SHOWN = 5;

/** The results an automated search asked for explicitly (the default is automatedResults.default's rule); undefined otherwise. */
function askedResults(exchange: RecordedExchange): string | undefined {
  if (foldCase(allowedSpelling(OP, 'deliveryType', exchange.params.deliveryType)) !== foldCase(DELIVERY.automated)) return undefined;
  const results = allowedSpelling(OP, 'automatedResults', exchange.params.automatedResults);
  // A summary search naming a parent asks for that parent's sends: what it returns is parentEmailID.filter's business.
  if (foldCase(results) === foldCase(SUMMARY) && exchange.params.parentEmailID !== undefined) return undefined;
  return results;
}

const repeated = (ids: number[]): number[] => [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];

/**
 * Every served automated search that asked for summary returns records without a parentEmailID, one per email;
 * every one that asked for detail returns sends, each with one. Distinct records are judged on each page, and on a
 * summary search read whole where pages cannot repeat a record (one page, or ordered by the unique emailID).
 */
export function judgeAutomatedResultsDetail(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  const seen = { [SUMMARY]: 0, [DETAIL]: 0 };
  let wholeSummaries = 0;
  for (const exchange of ctx.traffic.of(OP)) {
    const results = exchange.outcome === 'success' ? askedResults(exchange) : undefined;
    const records = recordsOf(exchange);
    if (results === undefined || records.length === 0) continue;
    const summary = foldCase(results) === foldCase(SUMMARY);
    const misfits = records.filter((record) => (referencedID(record.parentEmailID) !== undefined) === summary);
    tally.expect(misfits.length === 0, {
      title: summary
        ? `${exchange.method} automatedResults=${SUMMARY} returns aggregated records, none with a parentEmailID`
        : `${exchange.method} automatedResults=${DETAIL} returns individual sends, each with a parentEmailID`,
      expected: summary ? 'no parentEmailID' : 'a parentEmailID on every record',
      actual: { misfits: misfits.slice(0, MAX_SHOWN).map((r) => ({ emailID: r.emailID, parentEmailID: r.parentEmailID })), count: misfits.length },
      response: exchange,
    });
    seen[summary ? SUMMARY : DETAIL] = (seen[summary ? SUMMARY : DETAIL] ?? 0) + 1;
    if (summary) {
      const twice = repeated(records.map(emailID));
      tally.expect(twice.length === 0, {
        title: `${exchange.method} automatedResults=${SUMMARY} returns one record per automated email on a page`,
        expected: 'distinct emailIDs', actual: { repeated: twice.slice(0, MAX_SHOWN) }, response: exchange,
      });
    }
  }
  for (const walk of walksOf(ctx.traffic, OP)) {
    const first = walk.pages[0];
    const results = first && walk.complete ? askedResults(first) : undefined;
    if (!first || results === undefined || foldCase(results) !== foldCase(SUMMARY)) continue;
    if (walk.pages.length > 1 && first.params.sortField !== 'emailID') continue;
    const twice = repeated(walk.ids.map(Number));
    wholeSummaries += 1;
    tally.expect(twice.length === 0, {
      title: `automatedResults=${SUMMARY} read whole (${walk.pages.length} page(s)) returns one record per automated email`,
      expected: 'distinct emailIDs', actual: { records: walk.ids.length, repeated: twice.slice(0, MAX_SHOWN) }, response: walk.pages.at(-1)!,
    });
  }
  const missing = [
    ...(seen[SUMMARY] === 0 ? [`no automated search with automatedResults=${SUMMARY} returned records`] : []),
    ...(seen[DETAIL] === 0 ? [`no automated search with automatedResults=${DETAIL} returned records`] : []),
    ...(wholeSummaries === 0 ? [`no automated search with automatedResults=${SUMMARY} was read whole in one page or in emailID order`] : []),
  ];
  return tally.verdicts({ none: `no automated search with automatedResults ${SUMMARY} or ${DETAIL} returned records`, missing });
}

export default defineCheck({
  rule: 'emails.search.automatedResults.detail',
  title: 'summary gives records without parentEmailID, detail the sends each with one',
  async drive({ api, target }) {
    const windowed = wideWindowParams(target);
    for (const automatedResults of [SUMMARY, DETAIL]) await searchWhole(api, { deliveryType: DELIVERY.automated, automatedResults, ...windowed });
  },
  judge: judgeAutomatedResultsDetail,
});
