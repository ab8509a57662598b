/**
 * Verdicts do not depend on how tests are spread over workers: the whole run is judged once its last exchange
 * is in (harness/runner/whole-run.ts). The same seed with 1, 2 and 4 workers gives the same verdict per rule,
 * on a clean mock and on a mock with a fault, over the contacts/import rules (their judges read one another's
 * imports: a count judged on an import another test sent).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readReport, runConformance } from '../core/support/run';

const SELECTION = ['--grep', '@rule:contacts\\.import', '--seed', '424242'];

async function verdictsWith(workers: number, faults?: string) {
  const finished = await runConformance(SELECTION, { EMS_WORKERS: String(workers), ...(faults ? { EMS_MOCK_FAULTS: faults } : {}) });
  const report = readReport(finished);
  return Object.fromEntries(report.rules.filter((rule) => rule.area === 'contacts.import').map((rule) => [rule.id, rule.verdict]));
}

for (const faults of [undefined, 'import-inserted-counts-updates']) {
  test(`should give the same verdicts with 1, 2 and 4 workers (${faults ? `fault ${faults}` : 'clean mock'})`, async () => {
    const [one, two, four] = await Promise.all([verdictsWith(1, faults), verdictsWith(2, faults), verdictsWith(4, faults)]);
    assert.ok(Object.keys(one).length > 10, 'the selection judged the contacts/import rules');
    assert.deepEqual(two, one, '2 workers against 1');
    assert.deepEqual(four, one, '4 workers against 1');
    if (faults) assert.ok(Object.values(one).includes('fail'), `the fault ${faults} fails a rule`);
    else assert.ok(Object.values(one).every((verdict) => verdict === 'pass' || verdict === 'skipped'), `a clean mock passes: ${JSON.stringify(one)}`);
  });
}
