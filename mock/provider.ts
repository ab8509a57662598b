import type { ProvidedTarget, Settings, TargetProvider } from '../harness/core';
import { startMock } from './index';
import type { MockOptions } from './options';
import { startRestAdapter } from './rest-adapter';

/**
 * The reference mock as the run's embedded target (the target provider playwright.config.ts injects
 * through EMS_TARGET_PROVIDER): starts the mock with the run's faults and, under the rest profile,
 * the REST adapter in front of it (the harness then talks to the adapter). `close` stops both.
 */
export const provideTarget: TargetProvider = async (settings: Settings): Promise<ProvidedTarget> => {
  const mock = await startMock(embeddedMockOptions(settings));
  const adapter = settings.profile.name === 'rest' ? await startRestAdapter({ upstream: mock.origin }).catch(closing(mock)) : undefined;
  const served = adapter ?? mock;
  return {
    baseUrl: served.baseUrl,
    authUrl: served.authUrl,
    tokens: mock.tokens,
    fixtures: mock.fixtures,
    async close() {
      await adapter?.close();
      await mock.close();
    },
  };
};

export default provideTarget;

/**
 * How the embedded mock is started for a run with these settings. Export jobs end at their third status
 * poll (exportPendingPolls: 2) rather than after 1-2 s of wall time: every rule judges the same (a new job
 * is Pending at its first poll and while an identical request follows), and a run waits far less.
 */
export function embeddedMockOptions(settings: Pick<Settings, 'faults'>): MockOptions {
  return { port: 0, faults: settings.faults, exportPendingPolls: EMBEDDED_PENDING_POLLS };
}

/** The embedded mock's exportPendingPolls (mock/options.ts): the duplicate checks ask twice while Pending. */
export const EMBEDDED_PENDING_POLLS = 2;

/** Closes the mock and rethrows: a failed start leaves nothing listening. */
function closing(mock: { close(): Promise<void> }): (error: unknown) => Promise<never> {
  return async (error) => {
    await mock.close();
    throw error;
  };
}
