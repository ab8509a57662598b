import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's own root (spec, rules, profiles, code), whatever the working directory: the nearest folder
 * above this module that holds a package.json. In the repository that is two levels up from this file; in
 * the built package (build/*.js, bundled) it is the folder above build/.
 */
export const repoRoot = packageRootAbove(dirname(fileURLToPath(import.meta.url)));

/** A path inside the package (its own files; never where a run writes). */
export function repoPath(...segments: string[]): string {
  return resolve(repoRoot, ...segments);
}

/**
 * Set (esbuild `define`) in the self-tests' bundle (selftest/bundle.ts): the sources bundled only so that each
 * test file starts without a TypeScript loader; it reads and hands on the sources' paths, as the sources do.
 */
declare const EMS_SELFTEST_BUNDLE: boolean | undefined;

/** Whether this code runs as built JavaScript (the package's build/, or the repository's run bundle) rather than from the TypeScript sources. */
export const runsBuilt = typeof EMS_SELFTEST_BUNDLE === 'boolean' ? false : !fileURLToPath(import.meta.url).endsWith('.ts');

/**
 * Set by bin/build-package.ts when it bundles (esbuild `define`), absent from the sources: the folder of the
 * bundle under the package root, and whether the bundle is the package's (`npx ems-conformance`) or the
 * repository's run bundle (`npm run conformance`, bin/run-bundled.mjs).
 */
declare const EMS_BUILD_DIR: string | undefined;
declare const EMS_BUILD_FOR: 'package' | 'repository' | undefined;
const buildDir = typeof EMS_BUILD_DIR === 'string' ? EMS_BUILD_DIR : 'build';
const builtForPackage = runsBuilt && (typeof EMS_BUILD_FOR === 'string' ? EMS_BUILD_FOR : 'package') === 'package';

/**
 * How a person starts one of the CLI's commands here: `npx ems-conformance <command>` from the package, the npm
 * alias in the repository (`quiet`: without npm's own lines, for a command whose output is read).
 */
export function cliCommand(command: 'run' | 'mock', { quiet = false } = {}): string {
  if (builtForPackage) return `npx ems-conformance ${command}`;
  return `npm run ${quiet ? '-s ' : ''}${command === 'run' ? 'conformance' : 'mock'} --`;
}

/**
 * One of the package's code entry points, named without extension ('harness/runner/global-setup'): the
 * TypeScript source in the repository, its bundled JavaScript (build/…js) in the built package or the bundle.
 */
export function codePath(path: string): string {
  return runsBuilt ? repoPath(buildDir, `${path}.js`) : repoPath(`${path}.ts`);
}

/** A folder of the code as it runs: the suites' TypeScript in the repository, their JavaScript in a bundle. */
export function codeFolder(path: string): string {
  return runsBuilt ? repoPath(buildDir, path) : repoPath(path);
}

/**
 * Where a run writes (reports/, test-results/, blob-report/): under the user's working directory, not
 * inside the package (in the repository, npm scripts run at its root, so nothing moves there).
 */
export function workPath(...segments: string[]): string {
  return resolve(process.cwd(), ...segments);
}

function packageRootAbove(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return resolve(start, '..', '..');
  }
}
