/**
 * A harness error beside an answer (a validator issue of a rule that does not cover the operation, a
 * recorded exchange the harness cannot read) is that rule's `error`: it never throws at the check that
 * asked, and the answer's other verdicts and the other exchanges stand, live and offline alike (the
 * schema and envelope rules are judges over every exchange: judgeAnswerRule).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { judgeExchanges } from '../../harness/check';
import { readExchange, readTrafficFile, recordedTraffic, type RecordedExchange, type RecordedWire } from '../../harness/exchanges';
import { responseVerdicts } from './support/answer-verdicts';
import { createRedactor } from '../../harness/core/redact';
import { checks as envelopeChecks } from '../../checks/envelope';
import { checks as pingChecks } from '../../checks/helper.ping';
import { testTarget } from './support/target';

const target = testTarget();
const pong = { success: 1, code: 0, errors: [], data: { message: 'pong' }, requestID: 'R1' };
const checkOf = (rule: string) => [...envelopeChecks, ...pingChecks].find((check) => check.rule === rule)!;

function pingWire(index: number, body: unknown): RecordedWire {
  return {
    index, op: 'helper.ping', startedAt: 0, durationMs: 1,
    request: { method: 'GET', url: `${target.baseUrl}/helper/ping`, headers: {} },
    params: {}, token: { header: true, query: false, body: false, id: 'token#1' },
    answer: { status: 200, contentType: 'application/json', body: body as string },
  };
}

function readPing(body: unknown): RecordedExchange {
  const request = { method: 'GET' as const, url: `${target.baseUrl}/helper/ping`, headers: {} };
  const answer = { status: 200, contentType: 'application/json', body: Buffer.from(JSON.stringify(body)) };
  const response = readExchange({ op: 'helper.ping', request, params: {}, answer, durationMs: 1 }, target.profile, createRedactor(target.tokens));
  return { ...response, index: 0, startedAt: 0, token: { header: true, query: false, body: false, id: 'token#1' } };
}

const strayIssue = { rule: 'envelope.datetime-format', pointer: '/data/message', keyword: 'format', constraint: 'format: ems-datetime', actual: 'pong', message: 'not a datetime' };

describe('harness errors beside an answer', () => {
  test('should give a validator issue outside its rule\'s operations an error verdict of that rule, and keep the answer\'s other verdicts', () => {
    const response = readPing(pong);
    const clean = responseVerdicts(response, target.profile);
    assert.ok(clean.every((verdict) => verdict.verdict === 'pass'));
    const verdicts = responseVerdicts({ ...response, validation: { issues: [strayIssue], tolerated: [] } }, target.profile);
    const stray = verdicts.find((verdict) => verdict.rule === 'envelope.datetime-format');
    assert.equal(stray?.verdict, 'error');
    assert.match(stray?.harnessError?.message ?? '', /validator reported an issue of rule "envelope\.datetime-format" on helper\.ping/);
    assert.ok(stray?.harnessError?.stack);
    assert.deepEqual(verdicts.filter((verdict) => verdict !== stray).map((verdict) => [verdict.rule, verdict.verdict]), clean.map((verdict) => [verdict.rule, verdict.verdict]));
  });

  test('should give the stray issue to its rule\'s judge alone: that rule is `error`, the judges of the answer\'s own rules pass', async () => {
    const response = readPing(pong);
    const stray = { ...response, validation: { issues: [strayIssue], tolerated: [] } };
    const datetime = await judgeExchanges(checkOf('envelope.datetime-format'), target, [stray]);
    assert.equal(datetime?.verdict, 'error');
    assert.match(datetime?.harnessError?.message ?? '', /issue of rule "envelope\.datetime-format" on helper\.ping/);
    // The answer's own rules are judged as without the stray issue (a ping alone decides neither: no search showed the token a user's, no refusal was seen).
    for (const rule of ['schema.helper.ping', 'envelope.shape', 'envelope.error-signal']) {
      const [withStray, without] = await Promise.all([stray, response].map((exchange) => judgeExchanges(checkOf(rule), target, [exchange])));
      assert.deepEqual([withStray?.verdict, withStray?.reason], [without?.verdict, without?.reason], rule);
      assert.notEqual(withStray?.verdict, 'error', rule);
    }
  });

  test('should give an issue of a rule the catalogue does not have to the operation\'s schema rule, never a throw', () => {
    const response = readPing(pong);
    const unknown = { ...strayIssue, rule: 'no.such.rule' };
    const verdicts = responseVerdicts({ ...response, validation: { issues: [unknown], tolerated: [] } }, target.profile);
    assert.equal(verdicts.find((verdict) => verdict.verdict === 'error')?.rule, 'schema.helper.ping');
  });

  test('should judge getFile\'s JSON error answer on envelope.shape: the file or the envelope, nothing outside a rule', () => {
    const request = { method: 'GET' as const, url: `${target.baseUrl}/exports/getFile?fileKey=X`, headers: {} };
    const noRequestId = { success: 0, code: 404, errors: ['unknown fileKey'], data: {} };
    const answer = { status: 200, contentType: 'application/json', body: Buffer.from(JSON.stringify(noRequestId)) };
    const response = readExchange({ op: 'exports.getFile', request, params: { fileKey: 'X' }, answer, durationMs: 1 }, target.profile, createRedactor(target.tokens));
    assert.deepEqual(responseVerdicts(response, target.profile).map((verdict) => [verdict.rule, verdict.verdict]).sort(), [
      ['envelope.error-signal', 'pass'],
      ['envelope.http-status', 'pass'],
      ['envelope.shape', 'fail'],
    ]);
  });

  test('should give the rules of an unreadable recorded exchange an error and read the other exchanges', async () => {
    const read = readTrafficFile({ sources: [], exchanges: [pingWire(1, JSON.stringify(pong)), pingWire(2, undefined)] }, target);
    assert.deepEqual(read.traffic.exchanges.map((exchange) => exchange.index), [1]);
    const errors = read.readErrors.filter((verdict) => verdict.verdict === 'error');
    assert.ok(errors.some((verdict) => verdict.rule === 'schema.helper.ping'));
    assert.ok(errors.some((verdict) => verdict.rule === 'helper.ping.accepts-token'));
    assert.ok(errors.every((verdict) => /reading recorded exchange #2 \(helper\.ping\)/.test(verdict.harnessError?.message ?? '')));
    assert.equal((await judgeExchanges(checkOf('schema.helper.ping'), target, recordedTraffic(read.traffic.exchanges)))?.verdict, 'inconclusive', 'the readable exchange is judged (a ping to a token no other operation accepted)');
  });
});
