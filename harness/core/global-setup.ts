import type { FullConfig } from '@playwright/test';
import { startMock } from '../../mock';
import { embeddedMockEnv } from './embedded-mock-env';
import { startRestAdapter } from '../../mock/rest-adapter';
import { readSettings, resolveTarget } from './config';

/**
 * Runs once in the Playwright main process: fixes the run's start (for the time budget) and seed
 * so every worker agrees, and starts the embedded mock when no EMS_BASE_URL is given, handing
 * its URL, tokens and fixtures to the workers through the environment. Under the rest profile the
 * workers reach the mock through its REST adapter (mock/rest-adapter.ts). Returns the teardown.
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
  const adapter = settings.profile.name === 'rest' ? await startRestAdapter({ upstream: mock.origin }).catch(closing(mock)) : undefined;
  const close = async () => {
    await adapter?.close();
    await mock.close();
  };
  const served = adapter ?? mock;
  Object.assign(env, embeddedMockEnv(mock, served));
  try {
    resolveTarget(env);
  } catch (error) {
    await close();
    throw error;
  }
  return close;
}

/** Closes the mock and rethrows: a failed start leaves nothing listening. */
function closing(mock: { close(): Promise<void> }): (error: unknown) => Promise<never> {
  return async (error) => {
    await mock.close();
    throw error;
  };
}
