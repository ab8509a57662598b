import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoPath } from './repo-path';

type ParseYaml = (text: string) => unknown;
let yamlParse: ParseYaml | undefined;

/** yaml's parse, loaded on the first cache miss only (loading the library costs a worker 100-250 ms). */
function parseYaml(text: string): unknown {
  yamlParse ??= (createRequire(import.meta.url)('yaml') as { parse: ParseYaml }).parse;
  return yamlParse(text);
}

/** Where parsed forms of the spec files are kept (git-ignored with node_modules). EMS_CONTRACT_CACHE=off disables it. */
export const PARSED_CACHE_DIR = repoPath('node_modules', '.cache', 'ems-contract');

/**
 * A YAML file of the contract, parsed once per content: the parsed form is kept as JSON under a name
 * derived from a hash of the text (and `salt`, e.g. the schema it was checked against), so a changed
 * file is parsed afresh and a stale cache is never read. `accept` runs on a fresh parse only (it
 * throws to refuse, e.g. a schema check); what it accepted is what later reads get without checking.
 * Parsing YAML is what made every Playwright worker slow to start; JSON.parse of the cache is ~1 ms.
 */
export function readParsedYaml<T>(file: string, options: { salt?: string; accept?: (value: unknown) => T } = {}): T {
  const text = readFileSync(file, 'utf8');
  const accept = options.accept ?? ((value: unknown) => value as T);
  if (process.env.EMS_CONTRACT_CACHE === 'off') return accept(parseYaml(text));
  const cached = join(PARSED_CACHE_DIR, `${createHash('sha256').update(options.salt ?? '').update('\0').update(text).digest('hex').slice(0, 32)}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as T;
  } catch {
    // not cached yet (or unreadable): parse and keep
  }
  const value = accept(parseYaml(text));
  keep(cached, value);
  return value;
}

/** Writes the cache file atomically (a temporary file, then a rename); a read-only tree just goes without. */
function keep(file: string, value: unknown): void {
  try {
    mkdirSync(PARSED_CACHE_DIR, { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temporary, JSON.stringify(value));
    renameSync(temporary, file);
  } catch {
    // no cache: the next process parses again
  }
}
