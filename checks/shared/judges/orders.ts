// @silent-point paging.beyond-last
/**
 * The order of recorded answers against the sort their requests asked for (or the documented default).
 * GET answers only: whether POST orders as GET does is the methods rule's business, and the live checks
 * of the order rules send GET.
 */
import type { RecordedExchange, TrafficContext, Judgement } from '../../../harness/check';
import { foldCase, sameSequence, type Direction } from '../../../harness/oracles';
import type { HttpMethod } from '../../../harness/types';
import { allowedValues, sortCombinations } from '../../../generators';
import { allowedSpelling, askedOrder, idsOf, judgeOrderOf, recordsOf, type SearchOp, afterFirstPage, ORDER, paramsKey } from '../../../harness/model';
import { fitRequest, othersAccepted } from './fit-requests';
import { judgeCrossPageOrder } from './cross-page-order';
import { VerdictTally } from './tally';

/** How one answer should be ordered: by which field, in which direction, and the case it counts for. */
export interface ExpectedOrder {
  field: string;
  direction: Direction;
  /** The case of the rule this answer covers ("dateSent desc", "manual draft"). */
  label: string;
  /** How the order is named in a reason after the field (default: the direction). */
  text?: string;
}

/**
 * Judges the order of the answers `expectedOrder` gives an order for (the others are not the rule's);
 * the rule needs every case of `cases` judged on an answer with two distinct values or more. A refusal
 * of a request fit to be answered fails the rule too, as it fails the live check.
 */
export function judgeOrders(
  ctx: TrafficContext,
  op: SearchOp,
  { expectedOrder, cases, methods = ['GET'], none, acrossPages = false }: {
    expectedOrder: (exchange: RecordedExchange) => ExpectedOrder | undefined;
    cases: string[];
    methods?: HttpMethod[];
    none: string;
    /** Also judge consecutive pages of one search as one sequence (cross-page-order.ts); every case is then needed across pages too. */
    acrossPages?: boolean;
  },
): Judgement {
  const tally = new VerdictTally();
  const judged = new Set<string>();
  for (const exchange of ctx.traffic.of(op)) {
    const expected = methods.includes(exchange.method) ? expectedOrder(exchange) : undefined;
    if (!expected) continue;
    if (exchange.outcome !== 'success') {
      // A page after the first may be refused for being beyond the last (interface.md is silent): not about the order.
      if (exchange.outcome === 'error' && !afterFirstPage(exchange) && fitRequest(ctx.traffic, ctx.target, exchange, [])) {
        if (othersAccepted(ctx.traffic, exchange, ORDER)) {
          tally.expect(false, { title: `${expected.label}: a request fit to be answered was refused (${exchange.errors[0] ?? ''})`, expected: 'success', actual: exchange.errors, response: exchange });
        } else tally.unsettle(`whether the refusal of a ${expected.label} request was about its order: another value it sent was never accepted`);
      }
      continue;
    }
    const outcome = judgeOrderOf(ctx, op, exchange, expected.field, expected.direction, expected.text ?? expected.direction);
    if (outcome.verdict === 'inconclusive') {
      tally.skip(outcome.reason);
      continue;
    }
    if (tally.expect(outcome.verdict === 'pass', { title: `${exchange.method} ${expected.label === `${expected.field} ${expected.direction}` ? '' : `${expected.label}: `}${outcome.reason}`, expected: `${expected.field} ${expected.direction}`, actual: outcome.reason, response: exchange })) {
      judged.add(expected.label);
    }
  }
  const missing = cases.filter((label) => !judged.has(label)).map((label) => `${label} was not judged`);
  if (acrossPages) {
    const across = judgeCrossPageOrder(ctx.traffic, ctx.target, op, tally, (e) => (methods.includes(e.method) ? expectedOrder(e) : undefined));
    missing.push(...cases.filter((label) => judged.has(label) && !across.has(label)).map((label) => `${label} was not judged across two consecutive pages`));
  }
  return tally.verdicts({ none, missing });
}

/** sort.order: answers to an explicit sortField and sortDirection; every combination of the spec is needed. */
export function judgeSortOrder(ctx: TrafficContext, op: SearchOp): Judgement {
  return judgeOrders(ctx, op, {
    expectedOrder: (exchange) => {
      const asked = askedOrder(op, exchange.params);
      return asked?.by === 'sortField and sortDirection' ? { field: asked.field, direction: asked.direction, label: `${asked.field} ${asked.direction}` } : undefined;
    },
    cases: sortCombinations(op).map(({ sortField, sortDirection }) => `${sortField} ${foldCase(sortDirection)}`),
    none: 'no GET answer to an allowed sortField and sortDirection',
    acrossPages: true,
  });
}

/**
 * With a sortField and no sortDirection, the records come in ascending order, or at least in the order
 * the same request with sortDirection=asc gave (so a field ordered wrongly in both is the sort order
 * rule's failure, not this one's). Every sortField of the spec is needed.
 */
export function judgeSortDirectionDefault(ctx: TrafficContext, op: SearchOp): Judgement {
  const defaultDirection = askedOrder(op, { sortField: allowedValues(op, 'sortField')[0] })!.direction;
  const tally = new VerdictTally();
  const judged = new Set<string>();
  const explicit = new Map<string, RecordedExchange>();
  for (const exchange of ctx.traffic.of(op)) {
    const direction = allowedSpelling(op, 'sortDirection', exchange.params.sortDirection);
    if (exchange.method === 'GET' && exchange.outcome === 'success' && direction && foldCase(direction) === foldCase(defaultDirection)) {
      explicit.set(paramsKey(op, exchange, ['sortDirection']), exchange);
    }
  }
  for (const exchange of ctx.traffic.of(op)) {
    const asked = askedOrder(op, exchange.params);
    if (exchange.method !== 'GET' || exchange.outcome !== 'success' || asked?.by !== 'sortField alone') continue;
    const { field, direction } = asked;
    const outcome = judgeOrderOf(ctx, op, exchange, field, direction, `${direction} (no sortDirection)`);
    if (outcome.verdict === 'inconclusive') {
      tally.skip(outcome.reason);
      continue;
    }
    const twin = explicit.get(paramsKey(op, exchange, ['sortDirection']));
    const sameAsExplicit = twin !== undefined && sameSequence(idsOf(op, recordsOf(exchange)), idsOf(op, recordsOf(twin)));
    if (outcome.verdict === 'fail' && !twin) {
      tally.skip(`${field}: out of ${direction} order, and no answer to the same request with sortDirection=${defaultDirection} to compare with`);
      continue;
    }
    if (tally.expect(outcome.verdict === 'pass' || sameAsExplicit, {
      title: `sortField=${field} without sortDirection orders records as sortDirection=${defaultDirection} does: ${outcome.reason}`,
      expected: `${field} ${direction}`, actual: outcome.reason, response: exchange,
    })) judged.add(field);
  }
  const missing = allowedValues(op, 'sortField').filter((field) => !judged.has(field)).map((field) => `sortField=${field} without sortDirection was not judged`);
  return tally.verdicts({ none: 'no GET answer to a sortField without sortDirection', missing });
}

/** sort.default where one default order applies (groups): answers without sortField and sortDirection; each method of `methods` is needed. */
export function judgeDefaultSort(ctx: TrafficContext, op: SearchOp, methods: HttpMethod[]): Judgement {
  return judgeOrders(ctx, op, {
    expectedOrder: (e) => {
      const asked = askedOrder(op, e.params);
      return asked?.by === 'default' ? { field: asked.field, direction: asked.direction, label: `${e.method} without sort parameters`, text: `${asked.direction} (no sort parameters)` } : undefined;
    },
    cases: methods.map((method) => `${method} without sort parameters`),
    methods,
    none: 'no answer to a request without sortField and sortDirection',
  });
}
