import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { repoRoot } from '../../../harness/contract';
import { isObject, type JsonObject } from './json';

/** The `redocly` command of the installed @redocly/cli (the project's spec linter). */
function redoclyCli(): string {
  const manifest = createRequire(import.meta.url).resolve('@redocly/cli/package.json');
  return join(dirname(manifest), 'bin', 'cli.js');
}

/**
 * `redocly bundle`: the spec and every file it references as one document (local references kept).
 * The spec is one file today; the bundler keeps the output self-contained if it is ever split.
 */
export function redoclyBundle(specPath: string): JsonObject {
  const text = execFileSync(process.execPath, [redoclyCli(), 'bundle', specPath, '--ext', 'json'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const document: unknown = JSON.parse(text);
  if (!isObject(document)) throw new Error(`redocly bundle ${specPath}: not a JSON object`);
  return document;
}
