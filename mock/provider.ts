import type { ProvidedTarget, TargetProvider } from '../harness/runner';
import type { Settings } from '../harness/core';
import { cliCommand } from '../harness/contract';
import type { EmbeddedReplay } from '../harness/types';
import { startMock } from './index';
import type { MockOptions } from './options';
import { parseRateLimit } from './rate-limit';
import { formatChoices, parseChoices } from './choices/choices';
import { parseVariant } from './variant';
import { runExportDefaults } from './run-defaults';
import { startProblemJsonAdapter } from './problem-json-adapter';
import { startRestAdapter, type RestAdapterOptions, type RunningRestAdapter } from './rest-adapter';

/** The adapter each built-in profile puts in front of the embedded mock (other profiles talk to the mock itself). */
export const ADAPTER_OF_PROFILE: Readonly<Record<string, (options: RestAdapterOptions) => Promise<RunningRestAdapter>>> = {
  rest: startRestAdapter,
  'problem-json': startProblemJsonAdapter,
};

/**
 * The reference mock as the run's embedded target (the target provider playwright.config.ts injects
 * through EMS_TARGET_PROVIDER): starts the mock with the run's faults and, under the rest or the
 * problem-json profile, that profile's adapter in front of it (the harness then talks to the adapter). `close` stops both.
 */
export const provideTarget: TargetProvider = async (settings: Settings): Promise<ProvidedTarget> => {
  const mock = await startMock(embeddedMockOptions(settings));
  const startAdapter = Object.hasOwn(ADAPTER_OF_PROFILE, settings.profile.name) ? ADAPTER_OF_PROFILE[settings.profile.name] : undefined;
  const adapter = startAdapter ? await startAdapter({ upstream: mock.origin }).catch(closing(mock)) : undefined;
  const served = adapter ?? mock;
  return {
    baseUrl: served.baseUrl,
    authUrl: served.authUrl,
    tokens: mock.tokens,
    fixtures: mock.fixtures,
    clockOffsetMs: mock.clockAheadMs(),
    // Its jobs end at a poll (RUN_PENDING_POLLS), not by time: waiting between polls would only cost the run time.
    exportPollMs: EMBEDDED_EXPORT_POLL_MS,
    replay: embeddedMockReplay(embeddedMockOptions(settings), new URL(mock.origin).port, adapter !== undefined),
    async close() {
      await adapter?.close();
      await mock.close();
    },
  };
};

export default provideTarget;

/**
 * How the embedded mock is started for a run with these settings. Export jobs end at their third status
 * poll (exportPendingPolls: 2), never by the wall clock (exportDelayMs a minute, where the mock's own default
 * is 1-2 s): every rule judges the same (a new job is Pending at its first poll and while an identical request
 * follows), a run waits for no job, and on a loaded machine a first poll that comes late still finds the job
 * Pending. (The fault matrix sets its own exportDelayMs over these.) Export
 * files live a few seconds (exportFileLifetimeMs), so a run sees a file expire and judges both halves of
 * exports.getFile.availability (served until fileExpiration, refused after it) without waiting 24 h.
 */
export function embeddedMockOptions(settings: Pick<Settings, 'faults'>, env: NodeJS.ProcessEnv = process.env): MockOptions {
  return {
    port: 0,
    faults: settings.faults,
    ...runExportDefaults(env[SCALE_ENV] ? scaleOf(env[SCALE_ENV]) : undefined),
    variant: parseVariant(env[VARIANT_ENV]),
    ...(env[CHOICES_ENV] ? { choices: choicesOf(env[CHOICES_ENV]) } : {}),
    ...(env[CLOCK_START_ENV] ? { clock: { start: env[CLOCK_START_ENV] } } : {}),
    ...(env[RATE_LIMIT_ENV] ? { rateLimitPerSecond: rateLimitOf(env[RATE_LIMIT_ENV]) } : {}),
    ...(env[SCALE_ENV] ? { scale: scaleOf(env[SCALE_ENV]) } : {}),
  };
}

/**
 * The environment variable giving the embedded mock N times its reference data (`--scale N` of `npm run mock`):
 * a large account, for the bench and the self-tests of judging at size.
 */
export const SCALE_ENV = 'EMS_MOCK_SCALE';

/**
 * The environment variable that starts the embedded mock's clock at a given datetime (e.g. "2026-11-24 12:00:00");
 * the harness then reads "now" on that clock (EMS_TARGET_CLOCK_OFFSET_MS). The fault matrix pins it to midday.
 */
export const CLOCK_START_ENV = 'EMS_MOCK_CLOCK_START';

/** The environment variable giving the embedded mock a rate limit (`5/s`; mock/rate-limit.ts): a staging server's 429s, for self-tests. */
export const RATE_LIMIT_ENV = 'EMS_MOCK_RATE_LIMIT';

/**
 * How to bring the embedded mock back after a run: `npm run mock` with the run's port, faults and options (so a
 * failure's curl reaches it again), and the variables a rerun needs for the same variant and choices. With an adapter in
 * front (rest, problem-json) the curls name the adapter, which has no command of its own: only the rerun is told.
 */
export function embeddedMockReplay(options: MockOptions, port: string, behindAdapter: boolean): EmbeddedReplay {
  const variant = options.variant && options.variant !== 'default' ? options.variant : undefined;
  const choices = options.choices && Object.keys(options.choices).length > 0 ? options.choices : undefined;
  const scaled = options.scale !== undefined && options.scale !== 1;
  const flags = [
    `--port ${port}`,
    ...(options.faults?.length ? [`--faults ${options.faults.join(',')}`] : []),
    ...(options.exportDelayMs ? [`--export-delay-ms ${options.exportDelayMs.join(',')}`] : []),
    `--export-pending-polls ${options.exportPendingPolls}`,
    `--export-file-lifetime-ms ${options.exportFileLifetimeMs}`,
    ...(variant ? [`--variant ${variant}`] : []),
    ...Object.entries(choices ?? {}).map(([point, reading]) => `--choice ${point}=${reading}`),
    ...(options.clock?.start ? [`--clock-start '${options.clock.start}'`] : []),
    ...(options.rateLimitPerSecond ? [`--rate-limit ${options.rateLimitPerSecond}/s`] : []),
    ...(scaled ? [`--scale ${options.scale}`] : []),
  ];
  return {
    ...(behindAdapter ? {} : { start: `${cliCommand('mock')} ${flags.join(' ')}` }),
    ...(variant || choices || scaled
      ? {
          variables: {
            ...(variant ? { [VARIANT_ENV]: variant } : {}),
            ...(choices ? { [CHOICES_ENV]: formatChoices(choices) } : {}),
            ...(scaled ? { [SCALE_ENV]: String(options.scale) } : {}),
          },
        }
      : {}),
  };
}

/** The environment variable naming the embedded mock's variant (mock/variant.ts): `alt` for the second opinion. */
export const VARIANT_ENV = 'EMS_MOCK_VARIANT';

/**
 * The environment variable giving the embedded mock a reading per silent point over its variant's
 * (`P=R,P=R`; mock/choices/): the random combinations of readings the self-tests and the fault matrix draw.
 */
export const CHOICES_ENV = 'EMS_MOCK_CHOICES';

/** How soon the harness polls an embedded mock's export job again (its jobs end by polls, not by the clock). */
export const EMBEDDED_EXPORT_POLL_MS = 10;

/** The export timings the embedded mock shares with the standalone one (mock/run-defaults.ts). */
export {
  RUN_PENDING_POLLS as EMBEDDED_PENDING_POLLS,
  RUN_EXPORT_DELAY_MS as EMBEDDED_EXPORT_DELAY_MS,
  RUN_FILE_LIFETIME_MS as EMBEDDED_FILE_LIFETIME_MS,
  RUN_FILE_LIFETIME_AT_SCALE_MS as EMBEDDED_FILE_LIFETIME_AT_SCALE_MS,
} from './run-defaults';

/** EMS_MOCK_CHOICES as a point -> reading map; the mock checks the points and readings when it starts. */
function choicesOf(text: string): Record<string, string> {
  try {
    return parseChoices([text]);
  } catch (error) {
    throw new RangeError(`${CHOICES_ENV}: ${(error as Error).message}`);
  }
}

function rateLimitOf(text: string): number {
  try {
    return parseRateLimit(text);
  } catch (error) {
    throw new RangeError(`${RATE_LIMIT_ENV}: ${(error as Error).message}`);
  }
}

function scaleOf(text: string): number {
  const scale = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || !Number.isInteger(scale) || scale < 1) throw new RangeError(`${SCALE_ENV}: an integer >= 1, got ${JSON.stringify(text)}`);
  return scale;
}

/** Closes the mock and rethrows: a failed start leaves nothing listening. */
function closing(mock: { close(): Promise<void> }): (error: unknown) => Promise<never> {
  return async (error) => {
    await mock.close();
    throw error;
  };
}
