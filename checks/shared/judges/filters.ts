/**
 * What a filter (or a filter's default) returns, judged on recorded searches: every record of every
 * answer belongs to what the filter asked for, and a search read whole holds the records it should,
 * compared with another search the traffic read whole (the same request without the filter, or with its
 * widest value), as the live checks compare with the searches they read. Only requests where the filter
 * comes alone (with the companions the rule's live check sends) are judged: how filters combine is the
 * filters.subset rule's business.
 */
import { headerOnly, type Judgement, type RecordedExchange, type RecordedTraffic, type TrafficContext } from '../../../harness/check';
import { setDifference, shortList } from '../../../harness/oracles';
import { sendsFilter, type AnySearchFilter, idField, idsOf, recordsOf, type Params, type SearchOp, type SearchRecord, ORDER, PAGING, sampledSearch, setKeyOf, walksOf, wholeSearch, type Walk } from '../../../harness/model';
import { VerdictTally } from './tally';

/** Whether a request sends nothing but the parameters allowed, paging and order aside. */
export const sendsOnly = (exchange: RecordedExchange, allowed: readonly string[]): boolean =>
  Object.entries(exchange.params).every(([name, value]) => value === undefined || allowed.includes(name) || (PAGING as readonly string[]).includes(name) || (ORDER as readonly string[]).includes(name));

/**
 * What a search read whole should hold, from another search (the reference); or why there is none to compare
 * with. `sampled`: the reference was not read whole, only some of its pages (a large account): the records
 * seen on them are a sample of it, so what they say the search must hold, it must (none may be missing), but
 * a record of the search the sample lacks says nothing.
 */
export type Expectation = { ids: unknown[]; from: Walk; sampled?: boolean; /** The case of the rule a comparison that holds covers (else caseOf's). */ case?: string } | string;

/**
 * The records of a reference search (its parameters) that `keep` keeps: read whole when the traffic read it
 * whole; else from every record any answer of it showed (any page, rpp, order or method), as a sample; a
 * reason when no answer of it returned a record.
 */
export function fromReference(
  traffic: RecordedTraffic,
  op: SearchOp,
  params: Params | undefined,
  keep: (record: SearchRecord) => boolean,
  { sampleable = true }: { /** false: what the search holds moves with the clock (a default window), so answers at other times are no sample of it. */ sampleable?: boolean } = {},
): Expectation {
  if (!params) return 'no search to compare with';
  const key = setKeyOf(op, params);
  const whole = wholeSearch(traffic, op, key);
  if (whole) return { ids: idsOf(op, whole.records.filter(keep)), from: whole };
  if (!sampleable) return `the search ${JSON.stringify(params)} was not read whole to compare with`;
  const sample = sampledSearch(traffic, op, key);
  if (!sample) return `the search ${JSON.stringify(params)} was not read to compare with`;
  return { ids: idsOf(op, sample.records.filter(keep)), from: sample, sampled: true };
}

/** Which served searches a filter's membership is judged on, and the case one that holds covers. */
export interface Membership {
  filter: AnySearchFilter;
  /** Searches that sent the filter, or left it out (its documented default). */
  when: 'sent' | 'omitted';
  /** The case a membership that holds covers, for a rule decided by membership alone. */
  caseOf?(value: unknown): string;
}

export interface FilterRule<V> {
  /** The value a search read whole asked of the filter, for a comparison (`expected`); undefined when the search is not this rule's to compare. */
  comparedValue?(exchange: RecordedExchange): V | undefined;
  /** The model's filter judged on every served search that asks it, whatever else the search asked: no record it forbids comes back. */
  membership?: Membership;
  /** What a walk read whole for the value should hold (see `mode`). */
  expected?(walk: Walk, value: V, traffic: RecordedTraffic): Expectation;
  /** exact: those records and no other; covers: at least those; some: at least one of them when there are any. */
  mode?: 'exact' | 'covers' | 'some';
  /** Why a comparison cannot tell anything (say every group is Active, for the status default), or undefined. */
  untelling?(expected: unknown[], value: V, reference: Walk): string | undefined;
  /** The case a comparison that holds covers, and the cases the rule needs judged (by membership or by a comparison; or as the traffic's data says). */
  caseOf?(value: V): string;
  cases?: string[] | ((traffic: RecordedTraffic) => string[]);
  /** Pass needs a comparison of a search read whole, not only membership. */
  needsComparison: boolean;
  describe(value: V): string;
  none: string;
}

const MAX_SHOWN = 5;

export function judgeFilter<V>(ctx: TrafficContext, op: SearchOp, rule: FilterRule<V>): Judgement {
  const tally = new VerdictTally();
  const covered = new Set<string>();
  let compared = 0;
  const id = idField(op);
  if (rule.membership) {
    const { filter, when, caseOf } = rule.membership;
    for (const exchange of ctx.traffic.of(op)) {
      if (exchange.outcome !== 'success' || !headerOnly(exchange) || sendsFilter(filter, exchange.params) !== (when === 'sent')) continue;
      const value = filter.asked(exchange.params);
      const records = recordsOf(exchange);
      if (value === undefined || records.length === 0) continue;
      const readings = records.map((record) => filter.admits(record, value));
      if (readings.every((admitted) => admitted === undefined)) continue;
      const misfits = records.filter((_record, i) => readings[i] === false);
      if (tally.expect(misfits.length === 0, {
        title: `every record returned for ${exchange.method} ${JSON.stringify(exchange.params)} ${when === 'omitted' ? `(sent without ${filter.params.join(' or ')}) ` : ''}${filter.what(value)}`,
        expected: filter.what(value), actual: { misfits: misfits.slice(0, MAX_SHOWN).map(filter.show), count: misfits.length }, response: exchange,
      }) && caseOf && !rule.needsComparison) covered.add(caseOf(value));
    }
  }
  if (rule.expected) {
    for (const walk of walksOf(ctx.traffic, op).filter((w) => w.complete)) {
      const value = rule.comparedValue?.(walk.pages[0]!);
      if (value === undefined) continue;
      // Pages of a fixed size skip a record only where they repeat another (tied records moving between pages).
      if (new Set(walk.ids).size !== walk.ids.length) {
        tally.skip('a walk repeated records across its pages (ties), so what it missed is unknown');
        continue;
      }
      const expectation = rule.expected(walk, value, ctx.traffic);
      if (typeof expectation === 'string') {
        tally.skip(expectation);
        continue;
      }
      const untelling = rule.untelling?.(expectation.ids, value, expectation.from);
      if (untelling) {
        tally.skip(untelling);
        continue;
      }
      const difference = setDifference(expectation.ids, walk.ids);
      // A sample of the reference tells what must be there, never what must not: a record it lacks may be in the reference.
      const unexpected = expectation.sampled ? [] : difference.unexpected;
      const mode = rule.mode ?? 'exact';
      if (expectation.sampled && expectation.ids.length === 0) {
        tally.skip(`the pages read of the search ${JSON.stringify(expectation.from.pages[0]!.params)} hold no record ${rule.describe(value)} should return`);
        continue;
      }
      const holds = mode === 'exact' ? difference.missing.length === 0 && unexpected.length === 0
        : mode === 'covers' ? difference.missing.length === 0
        : expectation.ids.length === 0 || walk.ids.length > 0;
      const last = walk.pages.at(-1)!;
      compared += 1;
      if (tally.expect(holds, {
        title: `${last.method} ${rule.describe(value)} read whole returns ${mode === 'some' ? 'some of' : mode === 'covers' || expectation.sampled ? 'every one of' : 'exactly'} the ${expectation.ids.length} records it should (of the search ${JSON.stringify(expectation.from.pages[0]!.params)} ${expectation.sampled ? `on the ${expectation.from.pages.length} answers of it read` : 'read whole'})`,
        expected: { count: expectation.ids.length, [`${id}s`]: shortList(expectation.ids) },
        actual: { count: walk.ids.length, missing: shortList(difference.missing), unexpected: shortList(unexpected) },
        response: last,
      })) {
        const covers = expectation.case ?? rule.caseOf?.(value);
        if (covers !== undefined) covered.add(covers);
      }
    }
  }
  const cases = typeof rule.cases === 'function' ? rule.cases(ctx.traffic) : rule.cases ?? [];
  const missing = [
    ...(rule.needsComparison && compared === 0 ? ['no search with the filter was compared with one read whole without it'] : []),
    ...cases.filter((c) => !covered.has(c)).map((c) => `${c} was not judged`),
  ];
  return tally.verdicts({ none: rule.none, missing });
}
