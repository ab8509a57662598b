import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FAULTS, type FaultName } from '../../mock';
import { MockClient } from './client';
import { PROBE_NOW, PROBES } from './fault-probes';

/** For every fault: the same requests answer differently with the fault on than off. */
describe('every fault is observable', () => {
  let client: MockClient;
  before(async () => (client = await MockClient.start({ clock: { start: PROBE_NOW, speed: 0 } })));
  after(() => client.close());

  const observe = async (faults: FaultName[], probe: (client: MockClient) => Promise<unknown>) => {
    await client.admin('POST', 'clock', { start: PROBE_NOW });
    await client.reset();
    await client.setFaults(faults);
    try {
      return await probe(client);
    } finally {
      await client.setFaults([]);
    }
  };

  it('has a probe for every fault', () => {
    assert.deepEqual(FAULTS.map((fault) => fault.name).filter((name) => !(name in PROBES)), []);
  });

  for (const fault of FAULTS) {
    const name = fault.name as FaultName;
    it(`${name} (${fault.rule})`, async () => {
      const probe = PROBES[name];
      const healthy = await observe([], probe);
      const faulty = await observe([name], probe);
      assert.notDeepEqual(faulty, healthy, `${name} changed nothing: ${JSON.stringify(healthy)}`);
      assert.deepEqual(await observe([], probe), healthy, 'the healthy observation is repeatable');
    });
  }
});
