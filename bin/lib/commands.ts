import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { codePath, runsBuilt } from '../../harness/contract';

/** The conformance run's Playwright configuration (its TypeScript source in the repository, built JavaScript in the package). */
export const CONFORMANCE_CONFIG = codePath('playwright.config');

/**
 * `playwright <args>` with the @playwright/test this package depends on, wherever npm put it (the
 * package's own node_modules/.bin exists only in the repository), run by this node.
 */
export function playwrightCommand(args: string[]): [string, string[]] {
  const manifest = createRequire(import.meta.url).resolve('@playwright/test/package.json');
  return [process.execPath, [join(dirname(manifest), 'cli.js'), ...args]];
}

/** `ems-conformance <args>` as a child process: the built CLI in the package, its source through tsx in the repository. */
export function ownCliCommand(args: string[]): [string, string[]] {
  return [process.execPath, [...(runsBuilt ? [] : ['--import', tsxLoader()]), codePath('bin/ems-conformance'), ...args]];
}

/** tsx's loader by its full URL, so that the child may start in any working directory. */
function tsxLoader(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  return pathToFileURL(join(dirname(manifest), 'dist', 'loader.mjs')).href;
}
