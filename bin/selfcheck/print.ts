import { clip } from '../../harness/core';
import { printTable, seconds } from '../lib/table';
import { choiceFlags } from './readings';
import type { Change, CleanResult, FaultResult, Status } from './verdict-diff';

/** One line per fault as it is judged (`<area> <fault> caught 3.2 s`), and a note line for same-area collateral. */
export function printFault(result: FaultResult): FaultResult {
  const time = result.durationMs ? ` ${seconds(result.durationMs)}` : '';
  let what: string;
  if (result.status === 'caught') what = 'caught';
  else if (result.status === 'over-reported') what = `over-reported: ${result.overReported.map(describeChange).join(', ')}`;
  else if (result.status === 'error') what = `missed: ${result.reason}`;
  else if (result.verdict) what = `missed: ${result.rule} was ${result.verdict}${result.reason ? ` (${clip(result.reason, 140)})` : ''}`;
  else what = `missed: ${result.reason}`;
  console.log(`${result.area.padEnd(15)} ${result.fault.padEnd(42)} ${what}${time}`);
  if (result.notes.length > 0) console.log(`${''.padEnd(16)}note: also changed ${result.notes.map(describeChange).join(', ')}`);
  // A fault not caught under drawn readings: the readings, so `npm run mock -- --faults F <flags>` shows the mock it met.
  if (result.status !== 'caught' && result.readings && Object.keys(result.readings).length > 0) {
    console.log(`${''.padEnd(16)}readings: ${choiceFlags(result.readings)}`);
  }
  return result;
}

function describeChange(change: Change): string {
  return `${change.rule} ${change.before}->${change.after}`;
}

/** The clean run's line, then one line per rule that failed it. */
export function printClean(result: CleanResult): void {
  const time = seconds(result.durationMs);
  if (result.error) console.log(`clean run (${result.scope}): failed: ${result.error} ${time}`);
  else if (!result.ok) console.log(`clean run (${result.scope}): ${result.problems.length} rules fail or are inconclusive ${time}`);
  else console.log(`clean run (${result.scope}): clean ${time}`);
  for (const problem of result.problems) console.log(`    ${problem.rule}: ${problem.verdict}${problem.reason ? ` (${problem.reason})` : ''}`);
}

/** Faults per area: caught, missed (errors included), over-reported. */
export function printAreaTable(results: FaultResult[]): void {
  const rows = new Map<string, Record<Status, number>>();
  for (const result of results) {
    const row = rows.get(result.area) ?? { caught: 0, missed: 0, 'over-reported': 0, error: 0 };
    row[result.status] += 1;
    rows.set(result.area, row);
  }
  printTable(
    ['area', 'faults', 'caught', 'missed', 'over'],
    [...rows].map(([area, row]) => [area, row.caught + row.missed + row['over-reported'] + row.error, row.caught, row.missed + row.error, row['over-reported']].map(String)),
  );
}
