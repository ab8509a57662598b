import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, oneLine } from '../../harness/core';
import { killChildren } from './child';

/** A mistake in how a command was called: one line on stderr, exit 2. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * parseArgs, strict, with two kindnesses: a value that starts with a dash but is none of the command's
 * flags (`--max-rps -3`) is taken as the value, so the flag's own check can say what it expects; and
 * a flag left without its value names what it takes (`expects`, e.g. { 'max-rps': 'N' }). Arguments that
 * are no flag are refused unless `allowPositionals`.
 */
export function parseFlags<T extends Options>(args: string[], options: T, expects: Partial<Record<keyof T, string>> = {}, allowPositionals = false) {
  const known = new Set(Object.entries(options).flatMap(([name, option]) => [`--${name}`, ...(option.short ? [`-${option.short}`] : [])]));
  const joined: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    const next = args[index + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    if (name && options[name]?.type === 'string' && next?.startsWith('-') && !known.has(next.split('=')[0]!)) {
      joined.push(`${arg}=${next}`);
      index += 1;
    } else {
      joined.push(arg);
    }
  }
  try {
    return parseArgs({ args: joined, options, strict: true, allowPositionals });
  } catch (error) {
    const missing = /Option '--([\w-]+)[^']*' argument (?:missing|is ambiguous)/.exec(error instanceof Error ? error.message : '');
    if (missing) throw new UsageError(`--${missing[1]} needs a value: --${missing[1]} ${expects[missing[1] as keyof T] ?? 'VALUE'}`);
    throw error;
  }
}

/** A flag's value as a whole number greater than 0. */
export function positiveInteger(flag: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value <= 0) throw new UsageError(`${flag} ${text}: give a whole number greater than 0`);
  return value;
}

/** Whether an error is the caller's mistake (a usage, configuration or argument error) rather than ours. */
export function isUsageError(error: unknown): boolean {
  if (error instanceof UsageError || error instanceof ConfigError) return true;
  return error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
}

/**
 * Runs a command's main and exits with its code. A usage error prints one line (`name: what to fix`,
 * through `redact`) and exits 2; any other error prints its stack and exits 1. Children still
 * running are killed either way.
 */
export function runMain(name: string, main: () => Promise<number>, redact: (text: string) => string = (text) => text): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      killChildren();
      const usage = isUsageError(error);
      const text = usage || !(error instanceof Error) ? oneLine(error) : (error.stack ?? oneLine(error));
      console.error(`${name}: ${redact(text)}`);
      process.exit(usage ? 2 : 1);
    },
  );
}
