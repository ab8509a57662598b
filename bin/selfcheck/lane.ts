/**
 * A lane of the fault matrix: the runs one Playwright worker serves one after another (pool.ts plans
 * them). Each run is a `describe` tagged with its index, whose tests reach the run's own mock through
 * the test-scoped `targetEnv` option: the worker keeps each run's target, exchanges and observations
 * apart (harness/runner/fixtures.ts), so a run's verdicts are what a worker of its own would give, without
 * a worker start per run. A lane's file (written by pool.ts) is one line: `await registerLane(i)`.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ruleTag } from '../../harness/core';
import { collectSuiteChecks, EXPLORATION_TAG, registerChecks, registerExploration, test, type SuiteChecks } from '../../harness/runner';

/** The file EMS_MATRIX_PLAN names (written by pool.ts): the matrix's runs and the lanes that serve them. */
export interface MatrixPlanFile {
  workers: number;
  reportDir: string;
  /** Each run: its name, the suite files (the bundle's, absolute) it selects, its --grep, its mock's variables. */
  runs: { name: string; files: string[]; grep?: string; env: Record<string, string> }[];
  /** Per lane: its file, and the indexes of its runs, in order. */
  lanes: { file: string; runs: number[] }[];
}

/** The tag of a run's tests: the matrix reporter folds each run's verdicts by it. */
export const RUN_TAG = '@matrix-run:';

export const readMatrixPlan = (): MatrixPlanFile => JSON.parse(readFileSync(process.env.EMS_MATRIX_PLAN ?? '', 'utf8')) as MatrixPlanFile;

/**
 * What each suite file gave registerChecks. A module runs once per process, and Playwright's runner loads every
 * lane's file in one process: the first lane to import a suite collects it for all.
 */
const suitesOf = new Map<string, SuiteChecks[]>();

/** Registers the runs of lane `index`: each suite file of a run, cut to the run's --grep, in the run's describe. */
export async function registerLane(index: number): Promise<void> {
  const plan = readMatrixPlan();
  const lane = plan.lanes[index];
  if (!lane) throw new Error(`the matrix plan has no lane ${index}`);
  for (const file of new Set(lane.runs.flatMap((run) => plan.runs[run]?.files ?? []))) {
    if (!suitesOf.has(file)) suitesOf.set(file, await collectSuiteChecks(() => import(pathToFileURL(file).href)));
  }
  for (const runIndex of lane.runs) {
    const run = plan.runs[runIndex]!;
    const grep = run.grep ? new RegExp(run.grep, 'i') : undefined;
    // As Playwright's --grep: on the test's title and tags.
    const selected = (suite: SuiteChecks) => (grep ? suite.checks.filter((check) => grep.test(`${check.title} ${ruleTag(check.rule)}`)) : suite.checks);
    test.describe(run.name, { tag: `${RUN_TAG}${runIndex}` }, () => {
      test.use({ targetEnv: run.env });
      for (const file of run.files) {
        for (const suite of suitesOf.get(file) ?? []) {
          if (suite.exploration) {
            if (!grep || grep.test(EXPLORATION_TAG)) registerExploration(suite.feature, suite.exploration);
          } else registerChecks(suite.feature, selected(suite));
        }
      }
    });
  }
}
