/**
 * The code as the silent-point self-test reads it: the points a file names (`silentPoint('<id>')`,
 * `@silent-point <id>`), the files a check reaches through its imports on the judges' side, a rule's check file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { repoRoot } from '../../harness/contract';

export const ROOT = repoRoot;

/** Where judges, their helpers and their readers stand: the files a tolerance lives in. */
export const JUDGE_SIDE = ['checks', 'drivers', 'harness/oracles', 'harness/model'];
/** Every folder of code that may name a point. */
export const CODE = ['harness', 'checks', 'drivers', 'generators', 'suites', 'mock', 'bin'];

const listed = new Map<string, string[]>();

/** The TypeScript files of a folder of the project (listed once). */
export function sources(folder: string): string[] {
  let files = listed.get(folder);
  if (!files) listed.set(folder, (files = listSources(folder)));
  return files;
}

function listSources(folder: string): string[] {
  const dir = join(ROOT, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.includes('node_modules'))
    .map((name) => join(folder, name))
    .filter((file) => statSync(join(ROOT, file)).isFile());
}

const text = new Map<string, string>();
export const read = (file: string): string => {
  let content = text.get(file);
  if (content === undefined) text.set(file, (content = readFileSync(join(ROOT, file), 'utf8')));
  return content;
};

/** The points a file names: `silentPoint('<id>')` calls and `@silent-point <id> [<id> ...]` tags. */
export function namedPoints(source: string): string[] {
  const named: string[] = [];
  for (const match of source.matchAll(/silentPoint\(\s*['"`]([^'"`]+)['"`]\s*\)/g)) named.push(match[1]!);
  for (const match of source.matchAll(/@silent-point((?:[ \t,]+[a-z]+\.[a-zA-Z0-9.-]+)+)/g)) named.push(...match[1]!.split(/[\s,]+/).filter(Boolean));
  return named;
}

const resolveImport = (from: string, specifier: string): string | undefined => {
  const base = join(dirname(from), specifier);
  const candidate = [`${base}.ts`, join(base, 'index.ts')].find((path) => existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isFile());
  return candidate === undefined ? undefined : relative(ROOT, join(ROOT, candidate));
};

/** Whether a file declares an export of this name. */
const declares = (file: string, name: string): boolean =>
  new RegExp(`export\\s+(?:declare\\s+)?(?:async\\s+)?(?:const|let|function\\*?|class|type|interface|enum)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(read(file));

/**
 * The files that define the names a file imports from a barrel (an index.ts that re-exports its folder):
 * following every file a barrel re-exports would let any tag of a folder count for every check that imports it.
 */
function throughBarrel(barrel: string, names: string[], seen = new Set<string>()): string[] {
  if (seen.has(barrel)) return [];
  seen.add(barrel);
  const found: string[] = [];
  const targets = [...read(barrel).matchAll(/export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s+from\s+['"](\.[^'"]+)['"]/g)].map((m) => resolveImport(barrel, m[1]!)).filter((t): t is string => t !== undefined);
  for (const name of names) {
    for (const target of targets) {
      if (target.endsWith('index.ts')) found.push(...throughBarrel(target, [name], seen));
      else if (declares(target, name)) found.push(target);
    }
  }
  return found;
}

const importsOf = new Map<string, string[]>();

/** The project files a file imports by relative path; through a barrel, the files defining the names it imports. */
function imports(file: string): string[] {
  let found = importsOf.get(file);
  if (!found) importsOf.set(file, (found = readImports(file)));
  return found;
}

function readImports(file: string): string[] {
  const found: string[] = [];
  for (const match of read(file).matchAll(/(?:import|export)\s+(?:type\s+)?([^'";]*?)\s*from\s+['"](\.[^'"]+)['"]/g)) {
    const target = resolveImport(file, match[2]!);
    if (!target) continue;
    if (!target.endsWith('index.ts') || target === file) {
      found.push(target);
      continue;
    }
    const names = [...match[1]!.matchAll(/(?:type\s+)?([A-Za-z_$][\w$]*)(?:\s+as\s+[\w$]+)?/g)].map((m) => m[1]!).filter((n) => n !== 'type' && n !== 'as');
    found.push(...throughBarrel(target, names));
  }
  return found;
}

/** A file and every judge-side file it reaches through imports. */
export function judgeSideClosure(file: string): Set<string> {
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (seen.has(next) || !JUDGE_SIDE.some((folder) => next.startsWith(`${folder}/`))) continue;
    seen.add(next);
    queue.push(...imports(next));
  }
  return seen;
}

/** A rule's check file: checks/<area>/<rule-id>.ts, the area being the folder that holds it. */
export function checkFile(rule: string): string | undefined {
  return sources('checks').find((file) => file.endsWith(`/${rule}.ts`));
}

