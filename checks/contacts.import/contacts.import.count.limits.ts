import { batchSizesOutside, boundsOf, freshEmailContacts, smallBatchSize } from '../../generators';
import { defineCheck, type CheckContext } from '../../harness/core';
import { addresses } from '../shared/addresses';
import { importContacts } from './import-call';
import { rowsSummary, runsOf, succeededRowByRow } from './rows';
import { judgeCountLimits } from './traffic-imports';

export default defineCheck({
  rule: 'contacts.import.count.limits',
  title: 'accepts 1 to 1000 contacts; refuses none, an empty array and 1001, and writes nothing then',
  async run(ctx) {
    const { api, judge, target } = ctx;
    const { min, max } = boundsOf('contacts.import', 'contacts');
    const largest = max ?? min;
    const accepted = (size: number, reading: Awaited<ReturnType<typeof importContacts>>) => ({
      title: `a batch of ${size} contact(s) is accepted`,
      expected: 'success',
      actual: { outcome: reading.response.outcome, errors: reading.response.errors },
      response: reading.response,
    });

    for (const size of [min, largest]) {
      const reading = await importContacts(ctx, { contacts: freshEmailContacts(addresses, size) });
      judge.check(reading.accepted, accepted(size, reading));
    }

    await judge.property(smallBatchSize(), async (size, sample) => {
      const reading = await importContacts(ctx, { contacts: freshEmailContacts(addresses, size) });
      sample.expect(reading.accepted, accepted(size, reading));
    }, { numRuns: runsOf(target.runs, 10) });

    const none = await api.call('contacts.import', { method: 'POST', params: {} });
    judge.check(none.outcome === 'error', {
      title: 'a call without contacts is refused',
      expected: 'error',
      actual: { outcome: none.outcome, payload: none.payload },
      response: none,
    });

    for (const size of batchSizesOutside()) await judgeRefusedBatch(ctx, size);
  },
  judge: (ctx) => judgeCountLimits(ctx),
});

/** A batch of a size outside the bounds is refused as a call, and writes nothing: its addresses are then new. */
async function judgeRefusedBatch(ctx: CheckContext, size: number): Promise<void> {
  const { judge } = ctx;
  const records = freshEmailContacts(addresses, size);
  const reading = await importContacts(ctx, { contacts: records });
  judge.check(reading.response.outcome === 'error', {
    title: `a batch of ${size} contacts is refused as a call`,
    expected: 'error',
    actual: { outcome: reading.response.outcome, recordsInData: reading.result?.recordsInData, recordsInserted: reading.result?.recordsInserted },
    response: reading.response,
  });
  if (size === 0) return;

  // Nothing may have been written: the first and the last address of the refused batch are still new.
  const probes = [...new Set([records[0]!.email, records[size - 1]!.email])].map((email) => ({ email }));
  const probe = await importContacts(ctx, { contacts: probes, updateExisting: false });
  if (!succeededRowByRow(probe, probes.length)) {
    judge.inconclusive(`re-importing addresses of the refused batch of ${size} did not succeed, so whether it wrote them cannot be seen`, [
      { title: 'the probe import', actual: rowsSummary(probe), curl: probe.response.curl },
    ]);
    return;
  }
  const written = probe.rows!.flatMap((row, index) => (row.inserted ? [] : [probes[index]!.email]));
  judge.check(written.length === 0, {
    title: `a refused batch of ${size} writes nothing: its addresses are then imported as new contacts`,
    expected: { notInserted: [] },
    actual: { notInserted: written, rows: rowsSummary(probe) },
    response: probe.response,
  });
}
