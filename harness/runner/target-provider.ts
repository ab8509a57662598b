import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EmbeddedReplay, ProfileFixtures } from '../types';
import { ConfigError, type Settings, oneLine, type Tokens } from '../core';

/** A target the run starts itself (the embedded mock): where it listens, its tokens and fixtures, how to stop it. */
export interface ProvidedTarget {
  baseUrl: string;
  authUrl: string;
  tokens: Tokens;
  fixtures?: ProfileFixtures;
  /** The target's clock minus the host's (ms), when the provider knows it (a mock started on another clock). */
  clockOffsetMs?: number;
  /**
   * How long a client waits before it polls an export job again, first (ms), when the provider knows its target
   * ends jobs by polls rather than by a clock (the embedded mock): the run then spends no time waiting for it.
   */
  exportPollMs?: number;
  /** How to bring the same target back after the run (a failure's replay line names it). */
  replay?: EmbeddedReplay;
  close(): Promise<void>;
}

/**
 * Starts a target for a run that names none (no EMS_BASE_URL), configured by the run's settings (profile,
 * faults, seed). The harness never imports one: the composition root names its module in
 * EMS_TARGET_PROVIDER (playwright.config.ts names mock/provider.ts), and the global setup loads it.
 */
export type TargetProvider = (settings: Settings) => Promise<ProvidedTarget>;

/** The target's clock minus the host's, in ms (generators/calendar.ts's harnessNow follows it). */
export const TARGET_CLOCK_OFFSET_VARIABLE = 'EMS_TARGET_CLOCK_OFFSET_MS';

/** The environment variable naming the target provider's module (its default export, or `provideTarget`). */
export const TARGET_PROVIDER_VARIABLE = 'EMS_TARGET_PROVIDER';

/**
 * The environment that makes a started target the run's embedded target: its URLs, tokens, fixtures,
 * and EMS_EMBEDDED_MOCK (writes allowed, no rate cap, mock faults accepted). `served` is what the
 * harness talks to when something stands in front of it (the REST adapter in front of the mock).
 */
export function embeddedMockEnv(target: Omit<ProvidedTarget, 'close'>, served: { baseUrl: string; authUrl: string } = target): Record<string, string> {
  const { tokens } = target;
  return {
    EMS_BASE_URL: served.baseUrl,
    EMS_AUTH_URL: served.authUrl,
    ...(tokens.full ? { EMS_TOKEN: tokens.full } : {}),
    ...(tokens.noGroups ? { EMS_TOKEN_NO_GROUPS: tokens.noGroups } : {}),
    ...(tokens.noImport ? { EMS_TOKEN_NO_IMPORT: tokens.noImport } : {}),
    ...(tokens.app ? { EMS_TOKEN_APP: tokens.app } : {}),
    EMS_EMBEDDED_MOCK: '1',
    EMS_FIXTURES_JSON: JSON.stringify(target.fixtures ?? {}),
    ...(target.clockOffsetMs ? { [TARGET_CLOCK_OFFSET_VARIABLE]: String(Math.round(target.clockOffsetMs)) } : {}),
    ...(target.exportPollMs ? { EMS_EXPORT_POLL_MS: String(target.exportPollMs) } : {}),
    ...(target.replay ? { EMS_EMBEDDED_REPLAY: JSON.stringify(target.replay) } : {}),
  };
}

/** Loads the target provider a module path names (absolute, or relative to the working directory). */
export async function loadTargetProvider(modulePath: string | undefined): Promise<TargetProvider> {
  if (!modulePath) {
    throw new ConfigError(
      `EMS_BASE_URL is not set and no target provider is named (${TARGET_PROVIDER_VARIABLE}): pass --base-url, or run through \`npm run conformance\` to use the embedded mock`,
    );
  }
  const file = isAbsolute(modulePath) ? modulePath : resolve(modulePath);
  let exported: { default?: unknown; provideTarget?: unknown };
  try {
    exported = (await import(pathToFileURL(file).href)) as typeof exported;
  } catch (error) {
    throw new ConfigError(`${TARGET_PROVIDER_VARIABLE}=${modulePath} could not be loaded: ${oneLine(error)}`);
  }
  const provider = exported.provideTarget ?? exported.default;
  if (typeof provider !== 'function') {
    throw new ConfigError(`${TARGET_PROVIDER_VARIABLE}=${modulePath} exports no target provider (a default export or \`provideTarget\` function)`);
  }
  return provider as TargetProvider;
}
