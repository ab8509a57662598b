/**
 * A harness error on the side of an answer (a validator issue of a rule that does not cover the operation,
 * a recorded exchange the harness cannot read) is that rule's `error`: it never throws at the check that
 * asked, and the answer's other verdicts and the other exchanges stand.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readExchange, readTrafficFile, responseVerdicts, type RecordedWire } from '../../harness/core';
import { createRedactor } from '../../harness/core/redact';
import { testTarget } from './support/target';

const target = testTarget();
const pong = { success: 1, code: 0, errors: [], data: { message: 'pong' }, requestID: 'R1' };

function pingWire(index: number, body: unknown): RecordedWire {
  return {
    index, op: 'helper.ping', startedAt: 0, durationMs: 1,
    request: { method: 'GET', url: `${target.baseUrl}/helper/ping`, headers: {} },
    params: {}, token: { header: true, query: false, body: false },
    answer: { status: 200, contentType: 'application/json', body: body as string },
  };
}

describe('harness errors on the side of an answer', () => {
  test('should give a validator issue outside its rule\'s operations an error verdict of that rule, and keep the answer\'s other verdicts', () => {
    const request = { method: 'GET' as const, url: `${target.baseUrl}/helper/ping`, headers: {} };
    const answer = { status: 200, contentType: 'application/json', body: Buffer.from(JSON.stringify(pong)) };
    const { response, verdicts: clean } = readExchange({ op: 'helper.ping', request, params: {}, answer, durationMs: 1 }, target.profile, createRedactor(target.tokens));
    assert.ok(clean.every((verdict) => verdict.verdict === 'pass'));
    const strayIssue = { rule: 'envelope.datetime-format', pointer: '/data/message', keyword: 'format', constraint: 'format: ems-datetime', actual: 'pong', message: 'not a datetime' };
    const verdicts = responseVerdicts({ ...response, validation: { issues: [strayIssue], tolerated: [] } }, target.profile);
    const stray = verdicts.find((verdict) => verdict.rule === 'envelope.datetime-format');
    assert.equal(stray?.verdict, 'error');
    assert.match(stray?.harnessError?.message ?? '', /validator reported an issue of rule "envelope\.datetime-format" on helper\.ping/);
    assert.ok(stray?.harnessError?.stack);
    assert.deepEqual(verdicts.filter((verdict) => verdict !== stray).map((verdict) => [verdict.rule, verdict.verdict]), clean.map((verdict) => [verdict.rule, verdict.verdict]));
  });

  test('should judge getFile\'s JSON error answer on envelope.shape: the file or the envelope, nothing outside a rule', () => {
    const request = { method: 'GET' as const, url: `${target.baseUrl}/exports/getFile?fileKey=X`, headers: {} };
    const noRequestId = { success: 0, code: 404, errors: ['unknown fileKey'], data: {} };
    const answer = { status: 200, contentType: 'application/json', body: Buffer.from(JSON.stringify(noRequestId)) };
    const { verdicts } = readExchange({ op: 'exports.getFile', request, params: { fileKey: 'X' }, answer, durationMs: 1 }, target.profile, createRedactor(target.tokens));
    assert.deepEqual(verdicts.map((verdict) => [verdict.rule, verdict.verdict]).sort(), [
      ['envelope.error-signal', 'pass'],
      ['envelope.http-status', 'pass'],
      ['envelope.shape', 'fail'],
    ]);
  });

  test('should give the rules of an unreadable recorded exchange an error and read the other exchanges', () => {
    const read = readTrafficFile({ sources: [], exchanges: [pingWire(1, JSON.stringify(pong)), pingWire(2, undefined)] }, target);
    assert.deepEqual(read.traffic.exchanges.map((exchange) => exchange.index), [1]);
    const errors = read.sideVerdicts.filter((verdict) => verdict.verdict === 'error');
    assert.ok(errors.some((verdict) => verdict.rule === 'schema.helper.ping'));
    assert.ok(errors.some((verdict) => verdict.rule === 'helper.ping.accepts-token'));
    assert.ok(errors.every((verdict) => /reading recorded exchange #2 \(helper\.ping\)/.test(verdict.harnessError?.message ?? '')));
    assert.ok(read.sideVerdicts.some((verdict) => verdict.rule === 'schema.helper.ping' && verdict.verdict === 'pass'), 'the readable exchange keeps its verdicts');
  });
});
