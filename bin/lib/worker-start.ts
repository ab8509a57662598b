/**
 * What every Playwright worker pays before its first test, phase by phase, in a fresh process: loading the
 * harness (the fixtures and all they import, transpiled by tsx from its cache), the rule catalogue (defineCheck
 * looks every rule up), the target (profile) and the response validator (the spec's schemas, compiled for every
 * operation). Read by `npm run bench` and `npm run bench:start`.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoPath } from '../../harness/contract';

export const PHASES = ['harness', 'rules', 'target', 'validator', 'total'] as const;
export type Phase = (typeof PHASES)[number];
export type PhaseTimes = Record<Phase, number>;

export const PHASE_WORDS: Record<Phase, string> = {
  harness: 'load the harness (tsx transpile, module evaluation)',
  rules: 'the rule catalogue',
  target: 'the target (profile)',
  validator: "compile the spec's schemas (every operation)",
  total: 'worker start',
};

/** One worker's start in this process, timed phase by phase (`root`: the checkout to load it from). */
export async function timeWorkerStart(root: string): Promise<PhaseTimes> {
  const from = (path: string) => pathToFileURL(resolve(root, path)).href;
  const started = performance.now();
  await import(from('harness/runner/fixtures.ts'));
  const contract = (await import(from('harness/contract/index.ts'))) as typeof import('../../harness/contract');
  const { resolveTarget } = (await import(from('harness/core/config.ts'))) as typeof import('../../harness/core');
  const harness = performance.now();
  contract.loadRules();
  const rules = performance.now();
  const target = resolveTarget({ EMS_BASE_URL: 'http://127.0.0.1:9/v1', EMS_TOKEN: 'bench', EMS_SEED: '1' });
  const targetAt = performance.now();
  const validator = contract.createResponseValidator(target.profile);
  const answer = { success: 1, code: 0, errors: [], data: {}, requestID: '00000000-0000-4000-8000-000000000000' };
  for (const op of contract.OPERATION_KEYS) validator.validateResponse(op, answer, 'success');
  const validatorAt = performance.now();
  return {
    harness: harness - started,
    rules: rules - harness,
    target: targetAt - rules,
    validator: validatorAt - targetAt,
    total: validatorAt - started,
  };
}

/**
 * `runs` worker starts, each in a fresh process (`bin/bench-start.ts --child`). The first start also fills
 * the transform and parsed-spec caches, as a run's first worker does: it is made but not counted.
 */
export function workerStarts(runs: number, root: string = repoPath()): PhaseTimes[] {
  const samples: PhaseTimes[] = [];
  for (let index = 0; index <= runs; index += 1) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', repoPath('bin', 'bench-start.ts'), '--child', '--root', root], { cwd: root, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`a worker start failed:\n${run.stderr}`);
    if (index > 0) samples.push(JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as PhaseTimes);
  }
  return samples;
}
