/**
 * What every Playwright worker pays before its first test: loading the harness (the fixtures and all they
 * import), the rule catalogue (defineCheck looks every rule up), the target (profile) and the response
 * validator (the spec's schemas, compiled for every operation). Runs that start in fresh processes and
 * prints the median, min and max of each phase in ms. Usage: npm run bench:start -- [--runs N] [--root DIR]
 * (--root: another checkout of the project, e.g. an older one, to compare; it needs node_modules).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const PHASES = ['harness', 'rules', 'target', 'validator', 'total'] as const;
type Phase = (typeof PHASES)[number];

const here = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, root: { type: 'string', default: here }, child: { type: 'boolean', default: false } },
});
const root = resolve(values.root);

if (values.child) await child();
else main();

/** One worker's start, timed phase by phase; prints one JSON line. */
async function child(): Promise<void> {
  const from = (path: string) => pathToFileURL(resolve(root, path)).href;
  const started = performance.now();
  const at: Partial<Record<Phase, number>> = {};
  await import(from('harness/core/fixtures.ts'));
  const contract = (await import(from('harness/contract/index.ts'))) as typeof import('../harness/contract');
  const { resolveTarget } = (await import(from('harness/core/config.ts'))) as typeof import('../harness/core');
  at.harness = performance.now();
  contract.loadRules();
  at.rules = performance.now();
  const target = resolveTarget({ EMS_BASE_URL: 'http://127.0.0.1:9/v1', EMS_TOKEN: 'bench', EMS_SEED: '1' });
  at.target = performance.now();
  const validator = contract.createResponseValidator(target.profile);
  const answer = { success: 1, code: 0, errors: [], data: {}, requestID: '00000000-0000-4000-8000-000000000000' };
  for (const op of contract.OPERATION_KEYS) validator.validateResponse(op, answer, 'success');
  at.validator = performance.now();
  const phases: Record<Phase, number> = {
    harness: at.harness - started,
    rules: at.rules - at.harness,
    target: at.target - at.rules,
    validator: at.validator - at.target,
    total: at.validator - started,
  };
  console.log(JSON.stringify(phases));
}

function main(): void {
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error('--runs must be an integer >= 1');
    process.exit(2);
  }
  const samples: Record<Phase, number>[] = [];
  // The first start also fills the transform and parsed-spec caches, as a run's first worker does: not counted.
  for (let i = 0; i <= runs; i++) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', '--root', root], { cwd: root, encoding: 'utf8' });
    if (run.status !== 0) {
      console.error(`bench:start: a worker start failed:\n${run.stderr}`);
      process.exit(1);
    }
    if (i > 0) samples.push(JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Record<Phase, number>);
  }
  console.log(`worker start, ${runs} fresh processes (${root}), ms:`);
  console.log(`${'phase'.padEnd(10)} ${'median'.padStart(7)} ${'min'.padStart(7)} ${'max'.padStart(7)}`);
  for (const phase of PHASES) {
    const sorted = samples.map((sample) => sample[phase]).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
    const row = [median, sorted[0] ?? NaN, sorted.at(-1) ?? NaN].map((ms) => ms.toFixed(0).padStart(7)).join(' ');
    console.log(`${phase.padEnd(10)} ${row}`);
  }
}
