import type { Evidence, PropertyFailure, RuleResult } from '../types';
import { excerpt } from './excerpt';
import { commandFile, isLong } from './long-commands';

/** Longest body or value shown in full; the rest is cut with a note (the JSON report keeps everything). */
export const SHOWN_CHARS = 4000;

/** A value as text: strings as they are, everything else as indented JSON, cut at SHOWN_CHARS. */
export function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2) ?? String(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}\n... (${text.length - SHOWN_CHARS} more characters in conformance.json)` : text;
}

/** What came back: "HTTP 200", "no response: timeout", or nothing. */
export function responseInWords(response: Evidence['response']): string | undefined {
  if (!response) return undefined;
  if (response.transport) return `no usable response: ${response.transport}${response.status ? ` (HTTP ${response.status})` : ''}`;
  return response.status === undefined ? undefined : `HTTP ${response.status}`;
}

/** A labelled fact: its text, and how it was clipped (harness/report/excerpt.ts) when it was. */
export type Fact = [label: string, value: string, note?: string];

/**
 * The labelled facts of one piece of evidence, in reading order, absent ones left out. Bodies and values are
 * clipped once, by excerpt(), around the evidence's JSON pointer when it has one.
 */
export function evidenceFacts(evidence: Evidence): Fact[] {
  const facts: [string, unknown, string?][] = [
    ['request', evidence.request && `${evidence.request.method} ${evidence.request.url}`],
    ['request body', evidence.request?.body],
    ['response', responseInWords(evidence.response)],
    ['response body', evidence.response?.body, evidence.pointer],
    ['expected', evidence.expected],
    ['actual', evidence.actual],
    ['pointer', evidence.pointer],
    ['note', evidence.note],
  ];
  return facts
    .filter(([, value]) => value !== undefined)
    .map(([label, value, pointer]) => {
      const { text, note } = excerpt(value, pointer);
      return note ? [label, text, note] : [label, text];
    });
}

/** A repro command as a text report shows it: itself, or where it was written when it is long (harness/report/long-commands.ts). */
export function commandText(command: string, ruleId: string, index?: number): string {
  return isLong(command) ? `(${command.length.toLocaleString('en-US')} characters: ${commandFile(ruleId, index)} beside conformance.html)` : command;
}

export function propertyFacts(property: PropertyFailure): Fact[] {
  return [
    ['seed', String(property.seed)],
    ['path', property.path],
    ['runs', String(property.numRuns)],
    ['counterexample', excerpt(property.counterexample).text],
    ['replay', property.replay],
  ];
}

/** Everything a reader of a CI log needs to see why a rule did not pass and how to reproduce it. */
export function ruleDetailsText(rule: RuleResult): string {
  const indent = (text: string) => text.replace(/\n/g, '\n    ');
  const facts = (pairs: Fact[]) => pairs.map(([label, value, note]) => `  ${label}: ${indent(value)}${note ? `\n    (${note})` : ''}`);
  const lines: string[] = [];
  if (rule.reason) lines.push(`reason: ${rule.reason}`);
  rule.evidence.forEach((evidence, index) => {
    lines.push(`evidence: ${evidence.title}`, ...facts(evidenceFacts(evidence)));
    if (evidence.curl) lines.push(`  curl: ${indent(commandText(evidence.curl, rule.id, index))}`);
  });
  if (rule.property) lines.push('counterexample (shrunk):', ...facts(propertyFacts(rule.property)));
  if (rule.repro) lines.push('repro:', `  ${indent(commandText(rule.repro, rule.id))}`);
  return lines.join('\n');
}
