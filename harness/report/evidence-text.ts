import type { Evidence, PropertyFailure, RuleResult } from '../types';

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

/** The labelled facts of one piece of evidence, in reading order, absent ones left out. */
export function evidenceFacts(evidence: Evidence): [label: string, value: string][] {
  const facts: [string, unknown][] = [
    ['request', evidence.request && `${evidence.request.method} ${evidence.request.url}`],
    ['request body', evidence.request?.body],
    ['response', responseInWords(evidence.response)],
    ['response body', evidence.response?.body],
    ['expected', evidence.expected],
    ['actual', evidence.actual],
    ['pointer', evidence.pointer],
    ['note', evidence.note],
  ];
  return facts.filter(([, value]) => value !== undefined).map(([label, value]) => [label, shown(value)]);
}

export function propertyFacts(property: PropertyFailure): [label: string, value: string][] {
  return [
    ['seed', String(property.seed)],
    ['path', property.path],
    ['runs', String(property.numRuns)],
    ['counterexample', shown(property.counterexample)],
    ['replay', property.replay],
  ];
}

/** Everything a reader of a CI log needs to see why a rule did not pass and how to reproduce it. */
export function ruleDetailsText(rule: RuleResult): string {
  const indent = (text: string) => text.replace(/\n/g, '\n    ');
  const facts = (pairs: [string, string][]) => pairs.map(([label, value]) => `  ${label}: ${indent(value)}`);
  const lines: string[] = [];
  if (rule.reason) lines.push(`reason: ${rule.reason}`);
  for (const evidence of rule.evidence) {
    lines.push(`evidence: ${evidence.title}`, ...facts(evidenceFacts(evidence)));
    if (evidence.curl) lines.push(`  curl: ${indent(evidence.curl)}`);
  }
  if (rule.property) lines.push('counterexample (shrunk):', ...facts(propertyFacts(rule.property)));
  if (rule.repro) lines.push('repro:', `  ${indent(rule.repro)}`);
  return lines.join('\n');
}
