import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createRedactor } from '../../harness/core';
import { repoPath } from '../../harness/contract';
import { BUNDLE_FILES, isObject, type JsonObject } from '../../bin/lib/bundle';
import { startMock, type RunningMock } from '../../mock';
import { envelopeCounts, operationOf, runSpecmatic, type SpecmaticRun } from './specmatic-run';
import { specmaticAbsent } from './tools';

const bundle = JSON.parse(readFileSync(repoPath(BUNDLE_FILES.openapi31), 'utf8')) as JsonObject;
const RETIRED = '/login/oauth/applicationAccessToken';

/** The bundle's operations a generated test can reach: all but the retired endpoint, whose answer is not shown. */
const reachable = Object.entries(bundle.paths as JsonObject)
  .filter(([path]) => path !== RETIRED)
  .flatMap(([path, item]) => ['get', 'post'].filter((method) => isObject((item as JsonObject)[method])).map((method) => `${method.toUpperCase()} ${path}`))
  .sort();

/** Operations whose inputs the schema alone makes valid; jobStatus and getFile need IDs an export job issued. */
const ANSWERS_SUCCESS = reachable.filter((operation) => !/jobStatus|getFile/.test(operation));

describe('Specmatic tests the reference mock against the bundle (java -jar specmatic.jar test dist/openapi.json)', { skip: specmaticAbsent, timeout: 900_000 }, () => {
  let mock: RunningMock;
  let run: SpecmaticRun;
  let redact: (text: string) => string;

  before(async () => {
    mock = await startMock({ port: 0 });
    redact = createRedactor({ full: mock.tokens.full }).text;
    run = await runSpecmatic(repoPath(BUNDLE_FILES.openapi31), mock.baseUrl, mock.tokens.full, 840_000);
  });
  after(async () => {
    if (run) rmSync(run.dir, { recursive: true, force: true });
    await mock?.close();
  });

  it('runs its generated positive tests, and none fails', (t) => {
    const failed = run.cases.filter((testcase) => testcase.failure !== undefined);
    const shown = failed.slice(0, 3).map((testcase) => `${testcase.scenario}\n${testcase.failure!.slice(0, 1500)}`);
    t.diagnostic(`Specmatic: ${run.tests} tests, ${run.failures} failures, ${run.errors} errors`);
    assert.ok(run.tests > 1000, redact(`Specmatic ran ${run.tests} tests:\n${run.log.slice(0, 3000)}`));
    assert.equal(run.failures + run.errors, 0, redact(`${failed.length} failed, the first:\n${shown.join('\n\n')}`));
  });

  it('tests every operation but the retired endpoint (whose answer is not shown)', () => {
    assert.deepEqual([...new Set(run.cases.map((testcase) => operationOf(testcase.scenario)))].sort(), reachable);
  });

  it('sees success envelopes of every operation whose inputs the schema alone makes valid', (t) => {
    const counts = envelopeCounts(run.log, new URL(mock.baseUrl).pathname);
    for (const [operation, count] of [...counts].sort()) t.diagnostic(`${operation}: ${count.success} success, ${count.failure} failure envelopes`);
    for (const operation of ANSWERS_SUCCESS) assert.ok((counts.get(operation)?.success ?? 0) > 0, `no success answer of ${operation}`);
  });
});
