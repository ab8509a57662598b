import type { HarnessError, Verdict } from '../types';
import { oneLine } from './one-line';

/** Playwright's TestInfo.error (and any other error-like value): a message and maybe a stack. */
interface ErrorLike {
  message?: string;
  stack?: string;
}

const STACK_LINES = 30;
// Playwright colours the messages it keeps (TestInfo.error); a report holds plain text.
const ANSI = /\u001b\[[0-9;]*m/g;

/** An exception inside the harness as a report holds it: its first line, and its stack (clipped, plain text). */
export function harnessErrorOf(error: unknown): HarnessError {
  const like: ErrorLike = error instanceof Error ? error : typeof error === 'object' && error !== null ? (error as ErrorLike) : { message: String(error) };
  const message = `${error instanceof Error && error.name !== 'Error' ? `${error.name}: ` : ''}${oneLine(like.message ?? String(error))}`.replace(ANSI, '');
  const stack = like.stack?.replace(ANSI, '').split('\n').slice(0, STACK_LINES).join('\n');
  return { message: message || 'an error without a message', ...(stack ? { stack } : {}) };
}

/** The verdict of a rule whose judgement hit an exception inside the harness: `error`, never `fail`. */
export function harnessErrorVerdict(rule: string, error: unknown): Verdict {
  const harnessError = harnessErrorOf(error);
  return { rule, verdict: 'error', reason: `harness error: ${harnessError.message}`, evidence: [], requests: 0, harnessError };
}
