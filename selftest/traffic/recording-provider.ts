/**
 * A target provider (EMS_TARGET_PROVIDER) for the agreement self-test: the run's embedded mock, exactly as
 * `npm run conformance` starts it (faults, fixtures, writes), behind the recording proxy. When the run
 * ends it writes what the proxy saw as a HAR to EMS_SELFTEST_HAR_OUT, so an active run records itself, and
 * beside it (`<har>.target.json`) the target's tokens and fixtures, which the offline judgement is given.
 */
import { writeFileSync } from 'node:fs';
import type { ProvidedTarget } from '../../harness/runner';
import type { Settings } from '../../harness/core';
import { harDocument, startProxy, writeHar, type ProxiedExchange } from '../../harness/exchanges';
import { provideTarget as provideMock } from '../../mock/provider';

export default async function provideTarget(settings: Settings): Promise<ProvidedTarget> {
  const harOut = process.env.EMS_SELFTEST_HAR_OUT;
  if (!harOut) throw new Error('EMS_SELFTEST_HAR_OUT is not set: where the recording provider writes its HAR');
  const mock = await provideMock(settings);
  const origin = new URL(mock.baseUrl).origin;
  const exchanges: ProxiedExchange[] = [];
  const proxy = await startProxy({ target: origin, port: 0, onExchange: (exchange) => exchanges.push(exchange) });
  const viaProxy = (url: string) => `${proxy.url}${url.slice(origin.length)}`;
  return {
    baseUrl: viaProxy(mock.baseUrl),
    authUrl: viaProxy(mock.authUrl),
    tokens: mock.tokens,
    fixtures: mock.fixtures ?? {},
    async close() {
      await proxy.close();
      writeHar(harOut, harDocument(exchanges, settings.profile));
      // What a team judging the recording would give the offline run: the target's tokens and fixtures (scratch folder only).
      writeFileSync(`${harOut}.target.json`, JSON.stringify({ tokens: mock.tokens, fixtures: mock.fixtures ?? {} }));
      await mock.close();
    },
  };
}
