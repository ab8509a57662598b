/**
 * harness/runner: the run. Playwright fixtures (one judge and client per test, one exchange log per run in a worker), the registration
 * of a feature's checks as tests (`registerChecks`: drive, then judge live over the worker's exchanges, or judge
 * a recording), a driver's exploration (`explore.ts`), budgets and how a test's outcome settles its rules
 * (`settle.ts`), the markers a test leaves for the reporter (annotations, coverage), the target provider and the
 * global setup that starts it. Checks never import it; suites, the reporter and the commands do.
 */
export { expect } from '@playwright/test';
export { test } from './fixtures';
export { collectSuiteChecks, registerChecks, registerExploration, type Exploration, type SuiteChecks } from './register';
export { EXPLORATION_TAG } from './exploration-tag';
export { ANNOTATION, type Annotation, type TargetAnnotation } from './annotations';
export { mergeCoverage, type CoverageRecord } from './coverage';
export { embeddedMockEnv, loadTargetProvider, TARGET_PROVIDER_VARIABLE, type ProvidedTarget, type TargetProvider } from './target-provider';
export { workerTarget, newRecording, wiredClient, type Recording, type ClientReports } from './wiring';
export { judgeWholeRun, discardRunExchanges, withWholeRun, type WholeRunJudgement } from './whole-run';
