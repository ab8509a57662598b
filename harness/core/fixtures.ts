import { test as base, type TestInfo } from '@playwright/test';
import type { CreatedContact } from '../types';
import { testAnnotations } from './annotations';
import { createApiClient, type ApiClient } from './client';
import { resolveTarget, type Target } from './config';
import { Coverage } from './coverage';
import { Judge } from './judge';
import { oneLine } from './one-line';
import { sharedRateLimiter } from './rate-limit';
import { createRedactor } from './redact';
import { declaredRules } from './rules';
import { settleDeclaredRules } from './settle';
import type { TransportError } from './transport-error';

/** Where import checks log the contacts they create, so a run against a real target can be cleaned up. */
export interface CreatedContactsLog {
  record(...contacts: CreatedContact[]): void;
}

/** Everything one test leaves behind; written as annotations when the test ends. */
interface TestRecord {
  judge: Judge;
  coverage: Coverage;
  createdContacts: CreatedContact[];
  transportError?: TransportError;
}

interface TestFixtures {
  judge: Judge;
  api: ApiClient;
  createdContacts: CreatedContactsLog;
  testRecord: TestRecord;
}

interface WorkerFixtures {
  target: Target;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  target: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(resolveTarget(process.env));
    },
    { scope: 'worker' },
  ],

  testRecord: [
    async ({ target }, use, testInfo) => {
      const declared = declaredRules(testInfo.tags);
      if (declared.length === 0) throw new Error('the test declares no rule: tag it with @rule:<id> for every rule it judges');
      const record: TestRecord = { judge: new Judge(declared, target), coverage: new Coverage(), createdContacts: [] };

      if (Date.now() > target.deadline) {
        const reason = `unfinished: time budget of ${target.budgetS} s exhausted`;
        for (const rule of declared) record.judge.record({ rule, verdict: 'inconclusive', reason, evidence: [], requests: 0 });
        annotate(testInfo, target, record);
        testInfo.skip(true, reason);
      }

      await use(record);

      settleDeclaredRules(record.judge, {
        status: testInfo.status ?? 'passed',
        error: testInfo.error?.message === undefined ? undefined : oneLine(testInfo.error.message),
        transportError: record.transportError,
        skipReason: testInfo.annotations.find((annotation) => annotation.type === 'skip')?.description,
        timeoutMs: testInfo.timeout,
      });
      const verdicts = annotate(testInfo, target, record);
      if (testInfo.status !== 'passed') return;

      const failed = verdicts.filter((verdict) => verdict.verdict === 'fail');
      if (failed.length > 0) {
        throw new RulesFailed(createRedactor(target.tokens).text(failed.map((verdict) => `  ${verdict.rule}: ${verdict.reason}`).join('\n')));
      }
      const declaredVerdicts = verdicts.filter((verdict) => declared.includes(verdict.rule));
      if (declaredVerdicts.every((verdict) => verdict.verdict === 'skipped')) {
        testInfo.skip(true, [...new Set(declaredVerdicts.map((verdict) => verdict.reason))].join('; '));
      }
    },
    { auto: true },
  ],

  judge: async ({ testRecord }, use) => {
    await use(testRecord.judge);
  },

  api: async ({ target, testRecord }, use, testInfo) => {
    const { judge, coverage } = testRecord;
    const api = createApiClient(target, {
      rateLimiter: sharedRateLimiter(target.maxRps / Math.max(1, testInfo.config.workers)),
      recorder: {
        request(op, params) {
          judge.countRequest();
          coverage.count(op, params);
        },
        verdict: (verdict) => judge.record(verdict),
        transportFailure(error) {
          testRecord.transportError = error;
        },
      },
    });
    await use(api);
  },

  createdContacts: async ({ testRecord }, use) => {
    await use({ record: (...contacts) => testRecord.createdContacts.push(...contacts) });
  },
});

/** Fails the Playwright test when a rule failed, so Playwright's report and exit code agree; no stack (the verdicts are the evidence). */
class RulesFailed extends Error {
  constructor(lines: string) {
    super(`rules failed:\n${lines}`);
    this.name = 'RulesFailed';
    this.stack = `${this.name}: ${this.message}`;
  }
}

function annotate(testInfo: TestInfo, target: Target, record: TestRecord) {
  const verdicts = record.judge.verdicts();
  const redactor = createRedactor(target.tokens);
  testInfo.annotations.push(
    ...testAnnotations({ target, verdicts, coverage: record.coverage.toJSON(), createdContacts: record.createdContacts, redactor }),
  );
  return verdicts;
}
