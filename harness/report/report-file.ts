import { readFileSync, statSync } from 'node:fs';
import { ConfigError, oneLine } from '../core';
import type { ConformanceReport } from '../types';
import { reportShapeProblem } from './report-shape';

/**
 * A conformance.json read whole and checked before it is used: a file that cannot be read, is not JSON or
 * is not a report (report-shape.ts) is a one-line configuration error naming it and what is wrong (exit 2),
 * never a stack trace once a run or a render is under way. `what` names the flag the file came with
 * (`--baseline`; empty for a command's own argument).
 */
export function readReportFile(path: string, what: string, use: 'baseline' | 'render'): ConformanceReport {
  const refuse = (why: string) => new ConfigError(`${what ? `${what} ` : ''}${path}: ${why}`);
  let text: string;
  try {
    if (statSync(path).isDirectory()) throw refuse('is a folder, not a conformance.json');
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw refuse(`cannot be read: ${oneLine(error)}`);
  }
  if (text.trim() === '') throw refuse('is empty, not a conformance.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw refuse(`is not JSON (${oneLine(error)})`);
  }
  const problem = reportShapeProblem(parsed, use);
  if (problem) throw refuse(`is not a conformance.json: ${problem}`);
  return parsed as ConformanceReport;
}
