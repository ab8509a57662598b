import type { Evidence, RuleResult } from '../types';
import { oneLineValue } from './excerpt';

/**
 * What was seen, in one line, for a rule that did not pass: read from its first piece of evidence, so that it
 * holds for every check. A check's reason often says what should have held ("GET rpp=0 is refused"); this says
 * what came instead ("GET rpp=0 is refused: saw {"outcome":"success",...} where error was expected").
 */
export function seenInWords(rule: RuleResult): string {
  const reason = (rule.reason ?? '').replace(/\s+/g, ' ').trim();
  const first = rule.evidence[0];
  const seen = first ? evidenceSeen(first) : undefined;
  if (!seen) return reason || rule.statement;
  const more = /\(and (\d+) more\)$/.exec(reason)?.[1];
  const what = first!.title.replace(/\s+/g, ' ').trim();
  // A validator's finding with no value seen ("/data/message: missing (required: message)") says it all.
  if (first!.pointer && what.startsWith(first!.pointer) && first!.actual === undefined) return `${oneLineValue(what, 160)}${more ? ` (and ${more} more)` : ''}`;
  // A title that starts with the pointer already says where and what ("/data/0/x: expected ..., found ..."): the seen words say it better.
  const title = first!.pointer && what.startsWith(first!.pointer) && first!.actual !== undefined ? '' : `${oneLineValue(what, 110)}: `;
  return `${title}${seen}${more ? ` (and ${more} more)` : ''}`;
}

/** "saw X where Y was expected" (at the pointer, or at the first item or member that differs), or what came back. */
export function evidenceSeen(evidence: Evidence): string | undefined {
  const at = evidence.pointer ? ` at ${evidence.pointer}` : '';
  if (evidence.actual !== undefined) {
    const differs = firstDifference(evidence.expected, evidence.actual);
    if (differs) return `saw ${differs.actual} at ${differs.where} where ${differs.expected} was expected`;
    const expected = evidence.expected === undefined ? '' : ` where ${oneLineValue(evidence.expected, 60)} was expected`;
    return `saw ${asJson(evidence.actual, 80)}${at}${expected}`;
  }
  const response = evidence.response;
  if (response?.transport) return `no usable answer: ${response.transport}`;
  if (response?.status !== undefined) return `HTTP ${response.status}${at}${evidence.note ? `; ${oneLineValue(evidence.note, 80)}` : ''}`;
  return evidence.note ? oneLineValue(evidence.note, 100) : undefined;
}

/** A value seen, as JSON on one line (a string in quotes: "57" is not 57). */
function asJson(value: unknown, max: number): string {
  return oneLineValue(JSON.stringify(value) ?? String(value), max);
}

/** The first index or member where two lists or two records differ (each side in words), when both are lists or both records. */
function firstDifference(expected: unknown, actual: unknown): { where: string; expected: string; actual: string } | undefined {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const side = (value: unknown, present: boolean, absent: string) => (present ? asJson(value, 70) : absent);
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const length = Math.max(expected.length, actual.length);
    for (let index = 0; index < length; index += 1) {
      if (index < expected.length && index < actual.length && same(expected[index], actual[index])) continue;
      const where = `item ${index + 1} of ${actual.length}`;
      return { where, expected: side(expected[index], index < expected.length, 'no item'), actual: side(actual[index], index < actual.length, 'no item') };
    }
    return undefined;
  }
  const record = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (record(expected) && record(actual)) {
    for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      if (same(expected[key], actual[key])) continue;
      return { where: key, expected: side(expected[key], key in expected, 'no such member'), actual: side(actual[key], key in actual, 'no such member') };
    }
  }
  return undefined;
}
