// @silent-point emails.status-outside-manual
/**
 * Requests that asked for something out of the spec's bounds (an rpp of 0, a page of 1.5, an unknown
 * enum value, a window past the limit) are refused, and, where the rule says so, requests within them
 * are accepted. An answer accepting what is out of bounds fails the rule; a refusal (or an acceptance
 * within bounds) counts only from a request whose other parameters are all within the spec and whose
 * token works, so it can be about nothing else.
 */
import type { RecordedExchange, TrafficContext, Judgement } from '../../../harness/check';
import { foldCase } from '../../../harness/oracles';
import { boundsOf } from '../../../generators';
import { fitRequest, othersAccepted } from './fit-requests';
import { listOf, type SearchOp, effectiveValue, enumStanding, integerStanding, paramSchemas, type Standing, sentWindow, windowStanding, afterFirstPage } from '../../../harness/model';
import { VerdictTally } from './tally';

/** Where a request stands on what a rule bounds, and how to name it. */
export interface Asked {
  standing: Standing;
  label: string;
  /** Which part of the rule's statement the request exercises (one of BoundRule.parts). */
  part?: string;
}

export interface BoundRule {
  /** The parameters the rule bounds (a refusal of a request with them outside is about them). */
  about: string[];
  asked(exchange: RecordedExchange): Asked | undefined;
  /** The rule also says what is within the bounds is accepted. */
  acceptsWithin: boolean;
  /** What was never asked, for the inconclusive reason. */
  none: string;
  /**
   * The parts the rule's statement names (e.g. 0, negative, above the maximum, non-integer): it passes only
   * when each was judged and held; otherwise it is inconclusive, naming the parts never exercised.
   */
  parts?: readonly string[];
}

export function judgeBounds(ctx: TrafficContext, op: SearchOp, rule: BoundRule): Judgement {
  const tally = new VerdictTally();
  let refused = 0;
  let accepted = 0;
  const heldParts = new Set<string>();
  for (const exchange of ctx.traffic.of(op)) {
    const asked = exchange.outcome === 'transport' ? undefined : rule.asked(exchange);
    if (!asked || asked.standing === 'unclear' || (asked.standing === 'within' && !rule.acceptsWithin)) continue;
    const outside = asked.standing === 'outside';
    if (outside && exchange.outcome === 'success') {
      tally.expect(false, { title: `${exchange.method} ${asked.label} is refused`, expected: 'error', actual: { outcome: 'success', records: exchange.records?.length, paging: exchange.paging }, response: exchange });
      continue;
    }
    if (!fitRequest(ctx.traffic, ctx.target, exchange, rule.about)) {
      tally.skip('some requests could not show their answer to be about the rule (a token not seen working, another parameter outside the spec)');
      continue;
    }
    if (!outside && exchange.outcome === 'error' && afterFirstPage(exchange)) {
      tally.skip('a refusal of a page after the first may be about the page (a page beyond the last may be refused)');
      continue;
    }
    // A refusal of what is within bounds counts only when every other value it sent was accepted somewhere;
    // else it may be about the rest of the request, and the rule cannot pass either.
    if (!outside && exchange.outcome === 'error' && !othersAccepted(ctx.traffic, exchange, rule.about)) {
      tally.unsettle(`whether the refusal of ${asked.label} (within bounds) was about it: another value it sent was never accepted`);
      continue;
    }
    const holds = outside ? exchange.outcome === 'error' : exchange.outcome === 'success';
    if (tally.expect(holds, { title: `${exchange.method} ${asked.label} is ${outside ? 'refused' : 'accepted'}`, expected: outside ? 'error' : 'success', actual: { outcome: exchange.outcome, errors: exchange.errors }, response: exchange })) {
      if (outside) refused += 1;
      else accepted += 1;
      if (asked.part) heldParts.add(asked.part);
    }
  }
  const missing = [
    ...(refused === 0 ? [`no request ${rule.none} was refused or accepted`] : []),
    ...(rule.acceptsWithin && accepted === 0 ? ['no request within the bounds was judged'] : []),
  ];
  const unexercised = (rule.parts ?? []).filter((part) => !heldParts.has(part));
  if (missing.length === 0 && unexercised.length > 0) {
    missing.push(`never exercised: ${unexercised.join(', ')} (held: ${[...heldParts].join(', ') || 'nothing'})`);
  }
  return tally.verdicts({ none: `no request ${rule.none}`, missing });
}

/** rpp outside its bounds (or no integer) refused, within accepted. */
export function judgeRppBounds(ctx: TrafficContext, op: SearchOp): Judgement {
  const { min, max } = boundsOf(op, 'rpp');
  return judgeBounds(ctx, op, {
    about: ['rpp'],
    acceptsWithin: true,
    none: `with rpp outside ${min}..${max}`,
    ...(min !== undefined && max !== undefined ? { parts: Object.values(rppParts(min, max)) } : {}),
    asked: (e) => {
      if (e.params.rpp === undefined) return undefined;
      const standing = integerStanding(e.params.rpp, min, max);
      const part = min !== undefined && max !== undefined ? partOfRpp(e.params.rpp, standing, min, max) : undefined;
      return { standing, label: `rpp=${JSON.stringify(e.params.rpp)}`, ...(part ? { part } : {}) };
    },
  });
}

/** The parts of the rpp bounds rule's statement: "rpp from 1 to 250 is accepted; 0, negative, above 250 or non-integer is refused". */
const rppParts = (min: number, max: number) => ({
  within: `rpp within ${min}..${max} accepted`,
  zero: 'rpp=0 refused',
  negative: 'a negative rpp refused',
  above: `rpp above ${max} refused`,
  nonInteger: 'a non-integer rpp refused',
});

function partOfRpp(value: unknown, standing: Standing, min: number, max: number): string | undefined {
  const parts = rppParts(min, max);
  if (standing === 'within') return parts.within;
  if (standing !== 'outside') return undefined;
  const text = String(value);
  if (!/^-?\d+$/.test(text)) return parts.nonInteger;
  const n = Number(text);
  if (n > max) return parts.above;
  return n === 0 ? parts.zero : n < 0 ? parts.negative : undefined;
}

/** page below its minimum (or no integer) refused: both parts of "page below 1 or non-integer is refused" are needed. */
export function judgePageMinimum(ctx: TrafficContext, op: SearchOp): Judgement {
  const { min } = boundsOf(op, 'page');
  const parts = { below: `a page below ${min} refused`, nonInteger: 'a non-integer page refused' };
  return judgeBounds(ctx, op, {
    about: ['page'],
    acceptsWithin: false,
    none: `with page below ${min} or no integer`,
    parts: Object.values(parts),
    asked: (e) => {
      if (e.params.page === undefined) return undefined;
      const standing = integerStanding(e.params.page, min);
      const part = standing !== 'outside' ? undefined : /^-?\d+$/.test(String(e.params.page)) ? parts.below : parts.nonInteger;
      return { standing, label: `page=${JSON.stringify(e.params.page)}`, ...(part ? { part } : {}) };
    },
  });
}

/** Whether a parameter applies to the request (x-applies-when: say status only to manual searches). */
function applies(op: SearchOp, exchange: RecordedExchange, name: string): boolean {
  const condition = paramSchemas(op)[name]?.['x-applies-when'] as Record<string, unknown> | undefined;
  return !condition || Object.entries(condition).every(([other, value]) => effectiveValue(op, exchange, other) === foldCase(value));
}

/** A value outside an enum parameter's allowed values (letter case aside) refused, where the parameter applies; each parameter named is needed. */
export function judgeEnumsRejectUnknown(ctx: TrafficContext, op: SearchOp, enumParams: string[]): Judgement {
  const partOf = (name: string): string => `an unknown ${name} refused`;
  return judgeBounds(ctx, op, {
    about: enumParams,
    parts: enumParams.map(partOf),
    acceptsWithin: false,
    none: `with an unknown value of ${enumParams.join(', ')} where it applies`,
    asked: (e) => {
      const unknown = enumParams.filter((name) => {
        const value = e.params[name];
        if (value === undefined || !applies(op, e, name)) return false;
        const schema = paramSchemas(op)[name]!;
        const allowed = schema.enum ?? schema.items?.enum ?? [];
        const items = schema.type === 'array' ? listOf(value) ?? [] : [value];
        return items.some((item) => enumStanding(item, allowed) === 'outside');
      });
      if (unknown.length === 0) return undefined;
      const label = unknown.map((name) => `${name}=${JSON.stringify(e.params[name])}`).join(' ');
      // A refusal of one unknown value shows that parameter refused; of several, none of them alone.
      return { standing: 'outside', label, ...(unknown.length === 1 ? { part: partOf(unknown[0]!) } : {}) };
    },
  });
}

/** A dateSent window (both bounds sent) past the limit refused, within it accepted. */
export function judgeWindowLimit(ctx: TrafficContext, op: SearchOp): Judgement {
  return judgeBounds(ctx, op, {
    about: ['dateSentStart', 'dateSentEnd'],
    acceptsWithin: true,
    none: 'with dateSentEnd more than the limit after dateSentStart',
    asked: (e) => {
      const window = sentWindow(e, ctx.target);
      if (!window?.explicit) return undefined;
      return { standing: windowStanding(window), label: `a window from ${String(e.params.dateSentStart)} to ${String(e.params.dateSentEnd)}` };
    },
  });
}
