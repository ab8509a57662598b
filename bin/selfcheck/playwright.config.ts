import { readFileSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { codePath } from '../../harness/contract';
import base from '../../playwright.config';
import type { MatrixReporterOptions } from './reporter';

/** The file EMS_MATRIX_PLAN names: the matrix's runs as Playwright projects (written by pool.ts). */
export interface MatrixProjects {
  workers: number;
  reportDir: string;
  projects: { name: string; files: string[]; grep?: string; env: Record<string, string> }[];
}

const plan = JSON.parse(readFileSync(process.env.EMS_MATRIX_PLAN ?? '', 'utf8')) as MatrixProjects;
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const reporter: MatrixReporterOptions = { outputDir: plan.reportDir };

/**
 * The fault matrix in one Playwright run: the conformance configuration, with one project per matrix
 * run (its selection, and its own mock through `targetEnv`), one worker at a time per project, as
 * many projects at once as there are workers. A failed test keeps its worker (the matrix reads only
 * the verdicts), and the matrix reporter writes each project's report.
 */
export default defineConfig<object, { targetEnv: Record<string, string>; keepWorkerOnFailure: boolean }>({
  ...base,
  workers: plan.workers,
  reporter: [[codePath('bin/selfcheck/reporter'), reporter]],
  use: { ...base.use, keepWorkerOnFailure: true },
  projects: plan.projects.map((project) => ({
    name: project.name,
    testMatch: project.files.map(exactly),
    ...(project.grep ? { grep: new RegExp(project.grep, 'i') } : {}),
    workers: 1,
    use: { targetEnv: project.env },
  })),
});
