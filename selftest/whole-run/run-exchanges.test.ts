/**
 * The run's exchanges as the workers write them and the reporter reads them back (harness/exchanges/run-exchanges.ts):
 * the same answers (records, payload, an export file), in start order across workers, a token known by its role
 * sharing one stand-in across workers, and no token value in the files.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRunExchanges, recordedExchange, writeRunExchanges, type RecordedExchange } from '../../harness/exchanges';
import { testTarget, TOKENS } from '../core/support/target';

const target = testTarget();
const search = (index: number, startedAt: number, role: 'full' | 'app'): RecordedExchange => {
  const exchange = recordedExchange(target, {
    method: 'GET',
    url: `${target.baseUrl}/groups/search?rpp=2`,
    status: 200,
    headers: { Authorization: `Bearer ${role === 'full' ? TOKENS.EMS_TOKEN : TOKENS.EMS_TOKEN_APP}` },
    responseBody: { success: 1, code: 0, errors: [], data: { records: [{ groupID: index, groupName: `g${index}` }], paging: { page: 1, rpp: 2, totalPages: 1, totalRecords: 1, next: '', prev: '' } }, requestID: 'R' },
    startedAt,
  }, index);
  return { ...exchange, token: { ...exchange.token, role } };
};

test('should read back every worker\'s exchanges in start order, the same answers, one stand-in per role', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ems-run-exchanges-test-'));
  try {
    const first = [search(0, 1000, 'full'), search(1, 3000, 'app')];
    const second = [search(0, 2000, 'app'), { ...search(1, 4000, 'full'), file: Buffer.from([0, 1, 2, 255]) }];
    // Each worker numbers its own stand-ins: the app token is token#2 in one, token#1 in the other.
    second[0] = { ...second[0]!, token: { ...second[0]!.token, id: 'token#1' } };
    second[1] = { ...second[1]!, token: { ...second[1]!.token, id: 'token#2' } };
    writeRunExchanges(dir, 'worker-0', first);
    writeRunExchanges(dir, 'worker-1', second);

    const traffic = readRunExchanges(dir);
    assert.deepEqual(traffic.exchanges.map((e) => e.startedAt), [1000, 2000, 3000, 4000]);
    assert.deepEqual(traffic.exchanges.map((e) => e.index), [0, 1, 2, 3]);
    assert.deepEqual(traffic.exchanges[0]!.records, first[0]!.records);
    assert.deepEqual(traffic.exchanges[0]!.payload, first[0]!.payload);
    assert.deepEqual(traffic.exchanges[3]!.file, Buffer.from([0, 1, 2, 255]));
    const byRole = (role: string) => new Set(traffic.exchanges.filter((e) => e.token.role === role).map((e) => e.token.id));
    assert.equal(byRole('full').size, 1, 'the full token has one stand-in across workers');
    assert.equal(byRole('app').size, 1, 'the app token has one stand-in across workers');
    assert.notDeepEqual(byRole('full'), byRole('app'));

    const written = readdirSync(dir).map((file) => readFileSync(join(dir, file), 'utf8')).join('');
    for (const token of Object.values(TOKENS)) assert.ok(!written.includes(token), 'no token value is written');
    assert.ok(written.length < 2 * JSON.stringify([...first, ...second]).length, 'the parts read out of a body are written as paths into it');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('should keep what a worker wrote before a line it was stopped in the middle of', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ems-run-exchanges-test-'));
  try {
    writeRunExchanges(dir, 'worker-0', [search(0, 1000, 'full')]);
    appendFileSync(join(dir, 'worker-0.jsonl'), '{"op":"groups.search","startedAt":20');
    const traffic = readRunExchanges(dir);
    assert.equal(traffic.exchanges.length, 1);
    assert.equal(traffic.exchanges[0]!.startedAt, 1000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
