import { dirname } from 'node:path';
import { defineConfig } from '@playwright/test';
import { codePath } from '../../harness/contract';
import base from '../../playwright.config';
import { readMatrixPlan } from './lane';
import type { MatrixReporterOptions } from './reporter';

const plan = readMatrixPlan();
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const reporter: MatrixReporterOptions = { outputDir: plan.reportDir };

/**
 * The fault matrix in one Playwright run: the conformance configuration, with one project per lane
 * (lane.ts: its runs one after another in one worker, each against its own mock), as many lanes at
 * once as there are workers. A failed test keeps its worker (as in every run: harness/runner/fixtures.ts),
 * and the matrix reporter writes each run's report.
 */
export default defineConfig({
  ...base,
  workers: plan.workers,
  reporter: [[codePath('bin/selfcheck/reporter'), reporter]],
  projects: plan.lanes.map((lane, index) => ({
    name: `lane ${index + 1}`,
    testDir: dirname(lane.file),
    testMatch: exactly(lane.file),
    fullyParallel: false,
    workers: 1,
  })),
});
