import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { RUN_EXCHANGES_VARIABLE } from '../exchanges';
import { readSettings, resolveTarget } from '../core';
import { embeddedMockEnv, loadTargetProvider, TARGET_PROVIDER_VARIABLE } from './target-provider';

/**
 * Runs once in the Playwright main process: fixes the run's start (for the time budget) and seed so every
 * worker agrees. Without EMS_BASE_URL it starts the run's own target through the target provider that
 * EMS_TARGET_PROVIDER names (playwright.config.ts names the reference mock's, mock/provider.ts) and
 * hands its URL, tokens and fixtures to the workers through the environment. Returns the teardown.
 */
export default async function globalSetup(_config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  const env = process.env;
  env.EMS_RUN_STARTED_AT ??= String(Date.now());
  const settings = readSettings(env);
  env.EMS_SEED ??= String(settings.seed);
  // Where each worker writes its exchanges, for the verdicts over the whole run (whole-run.ts); a traffic run judges its recording.
  if (!env.EMS_TRAFFIC_FILE) env[RUN_EXCHANGES_VARIABLE] ||= mkdtempSync(join(tmpdir(), 'ems-run-exchanges-'));
  if (env.EMS_BASE_URL) {
    resolveTarget(env);
    return undefined;
  }

  const provide = await loadTargetProvider(env[TARGET_PROVIDER_VARIABLE]);
  const started = await provide(settings);
  const close = () => started.close();
  Object.assign(env, embeddedMockEnv(started));
  try {
    resolveTarget(env);
  } catch (error) {
    await close();
    throw error;
  }
  return close;
}
