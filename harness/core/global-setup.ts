import type { FullConfig } from '@playwright/test';
import { startMock } from '../../mock';
import { readSettings, resolveTarget } from './config';

/**
 * Runs once in the Playwright main process: fixes the run's start (for the time budget) and seed
 * so every worker agrees, and starts the embedded mock when no EMS_BASE_URL is given, handing
 * its URL, tokens and fixtures to the workers through the environment. Returns the teardown.
 */
export default async function globalSetup(_config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  const env = process.env;
  env.EMS_RUN_STARTED_AT ??= String(Date.now());
  const settings = readSettings(env);
  env.EMS_SEED ??= String(settings.seed);
  if (env.EMS_BASE_URL) {
    resolveTarget(env);
    return undefined;
  }

  const mock = await startMock({ port: 0, faults: settings.faults });
  Object.assign(env, {
    EMS_BASE_URL: mock.baseUrl,
    EMS_AUTH_URL: mock.authUrl,
    EMS_TOKEN: mock.tokens.full,
    EMS_TOKEN_NO_GROUPS: mock.tokens.noGroups,
    EMS_TOKEN_NO_IMPORT: mock.tokens.noImport,
    EMS_TOKEN_APP: mock.tokens.app,
    EMS_EMBEDDED_MOCK: '1',
    EMS_FIXTURES_JSON: JSON.stringify(mock.fixtures),
  });
  try {
    resolveTarget(env);
  } catch (error) {
    await mock.close();
    throw error;
  }
  return () => mock.close();
}
