/**
 * What every Playwright worker pays before its first test (bin/lib/worker-start.ts): runs that start in fresh
 * processes and prints the median, min and max of each phase in ms. Usage: npm run bench:start -- [--runs N] [--root DIR]
 * (--root: another checkout of the project, e.g. an older one, to compare; it needs node_modules).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PHASES, timeWorkerStart, workerStarts } from './lib/worker-start';
import { spreadOf } from './lib/spread';

const here = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, root: { type: 'string', default: here }, child: { type: 'boolean', default: false } },
});
const root = resolve(values.root);

if (values.child) console.log(JSON.stringify(await timeWorkerStart(root)));
else main();

function main(): void {
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error('--runs must be an integer >= 1');
    process.exit(2);
  }
  let samples;
  try {
    samples = workerStarts(runs, root);
  } catch (error) {
    console.error(`bench:start: ${(error as Error).message}`);
    process.exit(1);
  }
  console.log(`worker start, ${runs} fresh processes (${root}), ms:`);
  console.log(`${'phase'.padEnd(10)} ${'median'.padStart(7)} ${'min'.padStart(7)} ${'max'.padStart(7)}`);
  for (const phase of PHASES) {
    const { median, min, max } = spreadOf(samples.map((sample) => sample[phase]));
    console.log(`${phase.padEnd(10)} ${[median, min, max].map((ms) => ms.toFixed(0).padStart(7)).join(' ')}`);
  }
}
