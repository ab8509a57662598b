import * as playwrightTest from '@playwright/test';
import type { TestInfo, TestType } from '@playwright/test';
import type { CreatedContact } from '../types';
import { testAnnotations } from './annotations';
import { type ApiClient, ExchangeLog, loadTrafficFile, RUN_EXCHANGES_VARIABLE, runKeyHash, trafficSummary, writeRunExchanges, type ReadTraffic } from '../exchanges';
import { type Target, type CreatedContactsLog, type Judge, createRedactor, declaredRules, type TransportError } from '../core';
import { observeOnce, type Observation, type ObservationStore } from '../check';
import { settleDeclaredRules } from './settle';
import { EXPLORATION_TAG } from './exploration-tag';
import { newRecording, wiredClient, workerTarget, type ClientReports, type Recording } from './wiring';

/** Everything one test leaves behind; written as annotations when the test ends. */
interface TestRecord extends Recording {
  createdContacts: CreatedContact[];
  transportError?: TransportError;
}

interface TestFixtures {
  /** Variables over the environment for the test's target (option; the fault matrix's runs each name their own mock). */
  targetEnv: Record<string, string>;
  runScope: RunScope;
  target: Target;
  exchangeLog: ExchangeLog;
  recorded: ReadTraffic | Error | undefined;
  judge: Judge;
  api: ApiClient;
  createdContacts: CreatedContactsLog;
  testRecord: TestRecord;
  observe: <T>(observation: Observation<T>) => Promise<T>;
}

interface WorkerFixtures {
  /**
   * A failed test is marked an expected failure, so Playwright keeps its worker instead of starting a new one:
   * a failing target costs no worker start per failed test, and the judges of later tests still see every
   * exchange of the run. Verdicts are the same; the console reporter (harness/report/console-reporter.ts) counts
   * such a test as failed and the conformance reporter keeps Playwright's exit status failed. On by default.
   */
  keepWorkerOnFailure: boolean;
  /** The runs this worker has served, by their targetEnv (one, but for the fault matrix's lanes). */
  runScopes: Map<string, RunScope>;
}

/**
 * What one run keeps in a worker: its target, every exchange with it (every test's, every observation's,
 * for the judges), its shared observations, and in a traffic run the recorded exchanges. A worker
 * serves one run, except in the fault matrix, where one worker serves the runs of its lane one after another
 * (bin/selfcheck/lane.ts), each against its own mock: nothing of one run reaches another's judges.
 */
interface RunScope {
  target: Target;
  exchangeLog: ExchangeLog;
  observations: ObservationStore;
  /** A traffic run's recorded exchanges (EMS_TRAFFIC_FILE), read at the run's first test (the error when they could not be); undefined in an active run. */
  recorded: ReadTraffic | Error | undefined;
  /** Where this run's exchanges go for the whole run's judgement (EMS_RUN_EXCHANGES_DIR), and how many are written. */
  runExchanges?: { dir: string; name: string; written: number };
}

/** Why a failed test shows as an expected failure in Playwright's own reports. */
const KEPT_WORKER = 'the test failed; marked expected so that its worker, and the run\'s exchange log, are kept (see reports/conformance.json)';

function newRunScope(targetEnv: Record<string, string>, workerIndex: number, runKey: string): RunScope {
  const target = workerTarget(process.env, targetEnv);
  const dir = process.env[RUN_EXCHANGES_VARIABLE];
  const runExchanges = dir && !target.trafficFile ? { dir, name: `worker-${workerIndex}-${process.pid}-${runKeyHash(runKey)}`, written: 0 } : undefined;
  return { target, exchangeLog: new ExchangeLog(), observations: new Map(), recorded: readRecorded(target), ...(runExchanges ? { runExchanges } : {}) };
}

/** Appends what the run's log holds beyond what was written (after every test: a worker that dies leaves what it had). */
function flushRunExchanges(scope: RunScope): void {
  const out = scope.runExchanges;
  if (!out || scope.exchangeLog.size === out.written) return;
  const fresh = scope.exchangeLog.since(out.written);
  writeRunExchanges(out.dir, out.name, fresh);
  out.written += fresh.length;
}

function readRecorded(target: Target): ReadTraffic | Error | undefined {
  if (!target.trafficFile) return undefined;
  try {
    return loadTrafficFile(target.trafficFile, target);
  } catch (error) {
    // Thrown, it would fail every test and restart the worker for each (minutes): each test records it instead.
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * The runner's root test, without the browser fixtures `@playwright/test`'s `test` adds: this harness opens no
 * browser, and those fixtures (trace recording, context options) run at every test, each a step with a captured,
 * source-mapped stack: about 10 ms of a worker's CPU per test on a 2-core machine (npm run bench). Playwright
 * exports it as `_baseTest`; where a version does not, the full `test` serves, slower and otherwise the same.
 */
const base: TestType<{}, {}> = (playwrightTest as { _baseTest?: TestType<{}, {}> })._baseTest ?? playwrightTest.test;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  targetEnv: [{}, { option: true }],
  keepWorkerOnFailure: [true, { scope: 'worker', option: true }],

  runScopes: [
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],

  runScope: [
    async ({ runScopes, targetEnv }, use, testInfo) => {
      // EMS_ISOLATE_TESTS=1 (the replays of failing rules, bin/lib/replay-failures.ts): each test, and each of its
      // --repeat-each runs, has a scope of its own, so no other test's exchanges reach its judges.
      const key = JSON.stringify(targetEnv) + (process.env.EMS_ISOLATE_TESTS === '1' ? ` ${testInfo.testId}` : '');
      let scope = runScopes.get(key);
      if (!scope) runScopes.set(key, (scope = newRunScope(targetEnv, testInfo.workerIndex, key)));
      await use(scope);
      flushRunExchanges(scope);
    },
    { box: 'self' },
  ],
  target: [async ({ runScope }, use) => use(runScope.target), { box: 'self' }],
  exchangeLog: [async ({ runScope }, use) => use(runScope.exchangeLog), { box: 'self' }],
  recorded: [async ({ runScope }, use) => use(runScope.recorded), { box: 'self' }],

  testRecord: [
    async ({ target, keepWorkerOnFailure, recorded }, use, testInfo) => {
      const declared = declaredRules(testInfo.tags);
      const exploration = testInfo.tags.includes(EXPLORATION_TAG);
      if (declared.length === 0 && !exploration) throw new Error('the test declares no rule: tag it with @rule:<id> for every rule it judges');
      const record: TestRecord = { ...newRecording(target, declared), createdContacts: [] };

      if (Date.now() > target.deadline) {
        const reason = `unfinished: time budget of ${target.budgetS} s exhausted`;
        for (const rule of declared) record.judge.record({ rule, verdict: 'inconclusive', reason, evidence: [], requests: 0 });
        annotate(testInfo, target, record, recorded);
        testInfo.skip(true, reason);
      }

      await use(record);

      settleDeclaredRules(record.judge, {
        status: testInfo.status ?? 'passed',
        ...(testInfo.error ? { error: testInfo.error } : {}),
        transportError: record.transportError,
        skipReason: testInfo.annotations.find((annotation) => annotation.type === 'skip')?.description,
        timeoutMs: testInfo.timeout,
      });
      const verdicts = annotate(testInfo, target, record, recorded);
      // With --max-failures (-x) the user asks Playwright to count failures and stop: an expected failure would not count.
      const keepWorker = keepWorkerOnFailure && testInfo.config.maxFailures === 0;
      if (testInfo.status !== 'passed') {
        if (keepWorker && testInfo.status === 'failed') testInfo.fail(true, KEPT_WORKER);
        return;
      }

      // Only a rule's failure fails the Playwright test here (a check that threw has failed it already). A harness error
      // of a judge (a validator issue outside a rule's scope, unreadable traffic) is the report's `error`, exit code 4.
      const failed = verdicts.filter((verdict) => verdict.verdict === 'fail');
      if (failed.length > 0) {
        if (keepWorker) testInfo.fail(true, KEPT_WORKER);
        throw new RulesFailed(createRedactor(target.tokens).text(failed.map((verdict) => `  ${verdict.rule}: ${verdict.reason}`).join('\n')));
      }
      // A test that judged none of its rules (each skipped, or inconclusive: the data could not decide) did not
      // pass: Playwright marks it skipped, with why, so the console's closing line never claims a pass the verdicts deny.
      const declaredVerdicts = verdicts.filter((verdict) => declared.includes(verdict.rule));
      if (!exploration && declaredVerdicts.every((verdict) => verdict.verdict === 'skipped' || verdict.verdict === 'inconclusive')) {
        const reasons = declaredVerdicts.map((verdict) => (verdict.verdict === 'inconclusive' ? `inconclusive: ${verdict.reason ?? 'no reason given'}` : verdict.reason));
        testInfo.skip(true, [...new Set(reasons)].join('; '));
      }
    },
    // Every test-scoped fixture is boxed as 'self': no step of its own in Playwright's report, and no stack captured
    // (and source-mapped) at its setup and teardown, which cost a worker about a second per fifty tests.
    { auto: true, box: 'self' },
  ],

  judge: [
    async ({ testRecord }, use) => {
      await use(testRecord.judge);
    },
    { box: 'self' },
  ],

  api: [
    async ({ target, testRecord, exchangeLog }, use, testInfo) => {
      await use(
        testClient(target, testRecord, testInfo, exchangeLog, {
          transportFailure(error) {
            testRecord.transportError = error;
          },
        }),
      );
    },
    { box: 'self' },
  ],

  createdContacts: [
    async ({ testRecord }, use) => {
      await use({ record: (...contacts) => testRecord.createdContacts.push(...contacts) });
    },
    { box: 'self' },
  ],

  // A shared observation is computed once per run in a worker (its exchanges are in the run's log, for every judge).
  observe: [
    async ({ runScope, target, testRecord, createdContacts, exchangeLog }, use, testInfo) => {
      await use(async (obs) => {
        const entry = observeOnce(runScope.observations, obs, (onTransport) => {
          const api = testClient(target, testRecord, testInfo, exchangeLog, { transportFailure: onTransport });
          return obs.compute({ target, api, createdContacts });
        });
        const outcome = await entry.settled;
        if ('value' in outcome) return outcome.value;
        if (entry.transportError) testRecord.transportError = entry.transportError;
        throw outcome.error;
      });
    },
    { box: 'self' },
  ],
});

/** A client for one test: it counts requests and coverage there, logs every exchange for the judges, and reports transport failures as told. */
function testClient(target: Target, record: TestRecord, testInfo: TestInfo, log: ExchangeLog, report: ClientReports): ApiClient {
  if (target.trafficFile) throw new Error('a traffic run sends no request: the check must judge the recorded traffic (its `judge`), not call the API');
  return wiredClient(target, record, testInfo.config.workers, { ...report, exchange: (response, startedAt, token) => log.add(response, startedAt, token) });
}

/** Fails the Playwright test when a rule failed, so Playwright's report and exit code agree; no stack (the verdicts are the evidence). */
class RulesFailed extends Error {
  constructor(lines: string) {
    super(`rules failed:\n${lines}`);
    this.name = 'RulesFailed';
    this.stack = `${this.name}: ${this.message}`;
  }
}

function annotate(testInfo: TestInfo, target: Target, record: TestRecord, recorded: ReadTraffic | Error | undefined) {
  const verdicts = record.judge.verdicts();
  const redactor = createRedactor(target.tokens);
  const traffic = recorded instanceof Error ? { traffic: { sources: [], exchanges: 0 } } : recorded ? { traffic: trafficSummary(recorded) } : {};
  testInfo.annotations.push(
    ...testAnnotations({ target, verdicts, coverage: record.coverage.toJSON(), createdContacts: record.createdContacts, redactor, ...traffic }),
  );
  return verdicts;
}
