import assert from 'node:assert/strict';
import { createResponseValidator, loadProfile, valueAt } from '../../harness/contract';
import type { OperationKey } from '../../harness/types';
import { startMock, type MockOptions, type RunningMock } from '../../mock';
import { startRestAdapter, type RunningRestAdapter } from '../../mock/rest-adapter';
import { MockClient, type Answer } from '../mock/client';

/** The REST profile and the harness's own validator through it: the adapter's contract. */
export const REST = loadProfile('rest');
const validator = createResponseValidator(REST);

/**
 * A mock with the REST adapter in front of it: `rest` calls the adapter (the mock's controls pass
 * through it), `direct` calls the mock itself, so a test can compare the two representations.
 */
export class RestRig {
  private constructor(
    readonly mock: RunningMock,
    readonly adapter: RunningRestAdapter,
    readonly rest: MockClient,
    readonly direct: MockClient,
  ) {}

  static async start(options: MockOptions = {}): Promise<RestRig> {
    const mock = await startMock({ clock: { start: '2025-06-15 12:00:00', speed: 0 }, exportDelayMs: [1000, 2000], ...options });
    const adapter = await startRestAdapter({ upstream: mock.origin });
    const rest = new MockClient({ ...mock, origin: adapter.origin, baseUrl: adapter.baseUrl, authUrl: adapter.authUrl });
    return new RestRig(mock, adapter, rest, new MockClient(mock));
  }

  async close(): Promise<void> {
    await this.adapter.close();
    await this.mock.close();
  }
}

/** The answer is a success under the REST profile (HTTP 200) and the validator finds no issue in it. */
export function assertRestSuccess(operation: OperationKey, answer: Answer): any {
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
  assert.deepEqual(validator.validateResponse(operation, answer.body, 'success').issues, [], JSON.stringify(answer.body).slice(0, 500));
  return answer.body;
}

/** The answer is a refusal with this HTTP status, a RestError body without validator issues, carrying the mock's code. */
export function assertRestError(operation: OperationKey, answer: Answer, status: number, mockCode: number): any {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  assert.deepEqual(validator.validateResponse(operation, answer.body, 'error').issues, [], JSON.stringify(answer.body));
  assert.equal(valueAt(answer.body, REST.outcome.codePointer ?? '/error/code'), mockCode);
  const messages = valueAt(answer.body, REST.outcome.errorsPointer) as unknown[];
  assert.ok(Array.isArray(messages) && messages.length > 0 && messages.every((message) => typeof message === 'string' && message !== ''));
  return answer.body;
}

/** A value through one of the profile's paging pointers. */
export function pagingOf(body: unknown, part: keyof typeof REST.pointers.paging): unknown {
  const pointer = REST.pointers.paging[part];
  return pointer === undefined ? undefined : valueAt(body, pointer);
}

export const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
