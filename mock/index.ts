import type { AddressInfo } from 'node:net';
import { resolveOptions, type MockOptions, type RunningMock } from './options';
import { createMockServer } from './server';
import { MockState } from './state';
import { TOKEN_VALUES } from './tokens';
import { urlHost } from './url-host';

export { FAULTS, type Fault, type FaultName } from './faults';
export type { MockOptions, RunningMock } from './options';
export { TOKEN_VALUES } from './tokens';
export { VARIANTS, type Variant } from './variant';
export { Choices, formatChoices, parseChoices, type ChoiceMap } from './choices/choices';
export { POINT_IDS, mockReadings, type PointID } from './choices/points';

/** Starts the reference mock and resolves once it listens. */
export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  const resolved = resolveOptions(options);
  const state = new MockState(resolved);
  const server = createMockServer(state);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(resolved.port, resolved.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${urlHost(resolved.host)}:${port}`;
  return {
    origin,
    baseUrl: `${origin}/v1`,
    authUrl: origin,
    tokens: { ...TOKEN_VALUES },
    fixtures: structuredClone(state.store.fixtures),
    clockAheadMs: () => state.clock.now() - Date.now(),
    setFaults: (names) => state.faults.set(names),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
