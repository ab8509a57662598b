import { existsSync, readdirSync } from 'node:fs';
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

const TYPESCRIPT = /\.[cm]?tsx?$/;

/**
 * The environment of a Playwright run of built JavaScript (the package, the repository's bundle): Playwright's
 * ESM loader is turned off (PW_DISABLE_TS_ESM). It exists to transform TypeScript; on Node 20 it runs as a hook
 * thread in every Playwright process that every module passes through, which cost each process about a CPU-second
 * here for nothing. It stays on from the sources, and where the user names TypeScript of their own for the run to
 * load: a suites folder (EMS_SUITES_DIR) or a target provider (EMS_TARGET_PROVIDER) that is not JavaScript.
 */
export function playwrightEnv(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return runsBuilt && !namesOwnTypeScript(env) ? { ...env, PW_DISABLE_TS_ESM: '1' } : env;
}

/** Whether the run is to load TypeScript of the user's: a suites folder holding some, or a target provider that is not JavaScript. */
export function namesOwnTypeScript(env: Record<string, string | undefined>): boolean {
  const { EMS_SUITES_DIR: suites, EMS_TARGET_PROVIDER: provider } = env;
  if (provider !== undefined && provider !== '' && !/\.(m?js|cjs)$/.test(provider)) return true;
  return suites !== undefined && (!existsSync(suites) || readdirSync(suites, { recursive: true, encoding: 'utf8' }).some((file) => TYPESCRIPT.test(file)));
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
