import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { foldVerdicts } from '../../harness/core/fold';
import { Judge } from '../../harness/core/judge';
import { checked, failed, passed, skipped } from '../../harness/core/judgement';
import { settleDeclaredRules } from '../../harness/runner/settle';
import { TransportError } from '../../harness/core/transport-error';
import type { Capability, Verdict, VerdictKind } from '../../harness/types';

const target = (capabilities: Capability[] = []) => ({ capabilities: new Set(capabilities), seed: 1, runs: 5, deadline: Date.now() + 60_000 });
const verdict = (kind: VerdictKind, extra: Partial<Verdict> = {}): Verdict => ({ rule: 'r', verdict: kind, evidence: [], requests: 1, ...extra });

describe('folding', () => {
  test('fail > error > inconclusive > pass > skipped, reason and evidence from the winner', () => {
    const kinds: VerdictKind[] = ['skipped', 'pass', 'inconclusive', 'error', 'fail'];
    for (let i = 0; i < kinds.length; i++) {
      const folded = foldVerdicts('r', kinds.slice(0, i + 1).map((kind) => verdict(kind, { reason: kind, evidence: [{ title: kind }] })));
      assert.equal(folded.verdict, kinds[i]);
      assert.equal(folded.reason, kinds[i]);
      assert.deepEqual(folded.evidence, [{ title: kinds[i] }]);
      assert.equal(folded.requests, i + 1);
    }
  });

  test('should keep the harness error of a folded error, and drop it under a failure', () => {
    const harnessError = { message: 'TypeError: x', stack: 'TypeError: x\n    at check.ts:1:1' };
    const errored = foldVerdicts('r', [verdict('pass'), verdict('error', { reason: 'harness error: TypeError: x', harnessError })]);
    assert.deepEqual([errored.verdict, errored.harnessError], ['error', harnessError]);
    const failed = foldVerdicts('r', [verdict('error', { harnessError }), verdict('fail', { reason: 'deviation' })]);
    assert.deepEqual([failed.verdict, failed.reason, failed.harnessError], ['fail', 'deviation', undefined]);
  });

  test('tolerated quirks from every verdict, one per place; evidence capped', () => {
    const quirk = (pointer: string) => ({ quirk: 'emptyStringForAbsent' as const, rule: 'r', pointer, actual: '', constraint: 'format' });
    const folded = foldVerdicts('r', [
      verdict('pass', { tolerated: [quirk('/data/records/0/userID'), quirk('/data/records/1/userID')] }),
      verdict('fail', { reason: 'a', evidence: Array.from({ length: 9 }, (_, i) => ({ title: `e${i}` })) }),
      verdict('fail', { reason: 'b', samples: { judged: 3, inconclusive: 1 } }),
    ]);
    assert.deepEqual(folded.tolerated?.map((q) => q.pointer), ['/data/records/0/userID']);
    assert.equal(folded.evidence.length, 5);
    assert.equal(folded.reason, 'a (and 1 more)');
    assert.deepEqual(folded.samples, { judged: 3, inconclusive: 1 });
  });
});

describe('judge', () => {
  test('records per rule and folds within the test', () => {
    const judge = new Judge(['helper.ping.accepts-token', 'schema.helper.ping'], target());
    judge.record({ rule: 'helper.ping.accepts-token', ...passed() });
    judge.record({ rule: 'helper.ping.accepts-token', ...checked(false, { title: 'not pong', expected: 'pong', actual: 'ping' }) });
    judge.record({ rule: 'schema.helper.ping', ...skipped('why') });
    judge.record({ rule: 'envelope.shape', verdict: 'pass', evidence: [], requests: 0 });
    judge.record({ rule: 'envelope.shape', verdict: 'pass', evidence: [], requests: 0 });
    judge.countRequest();
    const verdicts = judge.verdicts();
    const accepts = verdicts.find((v) => v.rule === 'helper.ping.accepts-token');
    assert.equal(accepts?.verdict, 'fail');
    assert.deepEqual(accepts?.evidence, [{ title: 'not pong', expected: 'pong', actual: 'ping' }]);
    assert.equal(accepts?.requests, 1, "a declared rule counts the test's requests");
    assert.equal(verdicts.find((v) => v.rule === 'envelope.shape')?.requests, 2, 'a side rule counts the responses judged');
    assert.equal(verdicts.find((v) => v.rule === 'schema.helper.ping')?.verdict, 'skipped');
  });

  test('asking the needs of an undeclared rule, or recording an unknown rule, is a mistake in the check', () => {
    const judge = new Judge(['helper.ping.accepts-token'], target());
    assert.throws(() => judge.needs('schema.helper.ping'), /without declaring it: add the tag @rule:schema.helper.ping/);
    assert.throws(() => judge.record({ rule: 'no.such.rule', ...passed() }), /unknown rule "no.such.rule"/);
  });

  test('needs() skips with what to set when the target lacks a capability', () => {
    const rule = 'auth.permission.contacts-import';
    const without = new Judge([rule], target(['writes']));
    assert.equal(without.needs(rule), false);
    assert.equal(without.verdicts()[0]?.reason, 'needs token:noImport: set EMS_TOKEN_NO_IMPORT (--token-no-import)');
    const withAll = new Judge([rule], target(['writes', 'token:noImport']));
    assert.equal(withAll.needs(rule), true);
    assert.deepEqual(withAll.verdicts(), []);
  });
});

describe('settling declared rules at the end of a test', () => {
  const declared = ['helper.ping.accepts-token', 'schema.helper.ping'];
  test('should give a check that ended without a verdict a harness error, never a failure of the target', () => {
    const judge = new Judge(declared, target());
    judge.record({ rule: 'helper.ping.accepts-token', ...passed() });
    settleDeclaredRules(judge, { status: 'passed', timeoutMs: 1 });
    const schema = judge.verdicts().find((v) => v.rule === 'schema.helper.ping');
    assert.deepEqual([schema?.verdict, schema?.reason], ['error', 'harness error: the check recorded no verdict']);
    assert.equal(judge.verdicts().find((v) => v.rule === 'helper.ping.accepts-token')?.verdict, 'pass');
  });

  test('should give every declared rule of a test that threw a harness error with its stack, over a pass but not over a failure', () => {
    const thrown = new Judge(declared, target());
    thrown.record({ rule: 'helper.ping.accepts-token', ...passed() });
    thrown.record({ rule: 'schema.helper.ping', ...failed('a real deviation', []) });
    const error = new TypeError('x is undefined');
    settleDeclaredRules(thrown, { status: 'failed', error, timeoutMs: 1 });
    const [ping, schema] = thrown.verdicts();
    assert.deepEqual([ping?.verdict, ping?.reason], ['error', 'harness error: TypeError: x is undefined']);
    // The file that threw (its bundled JavaScript when the self-tests run bundled: selftest/bundle.ts).
    assert.match(ping?.harnessError?.stack ?? '', /judge\.test\.m?[jt]s:/);
    assert.deepEqual([schema?.verdict, schema?.reason], ['fail', 'a real deviation']);
  });

  test('should leave the unjudged rules of a test cut by an outage inconclusive, fail them on an unreadable answer; time-outs are unfinished', () => {
    const response = (transport: { reason: 'reset' | 'gateway' | 'not-json'; detail: string }) => ({
      op: 'helper.ping' as const, method: 'GET' as const, url: 'http://t/v1/helper/ping', params: {}, curl: 'curl http://t/v1/helper/ping', durationMs: 1,
      outcome: 'transport' as const, transport, body: undefined, payload: undefined, errors: [], validation: { issues: [], tolerated: [] },
    });
    const settled = (transport: TransportError) => {
      const cut = new Judge(declared, target());
      settleDeclaredRules(cut, { status: 'failed', error: { message: `Error: ${transport.message}` }, transportError: transport, timeoutMs: 1 });
      return cut.verdicts().map((v) => [v.verdict, v.reason, v.transportFailure]);
    };
    // No answer of the target's (an outage): unjudged, marked with the reason.
    for (const outage of [{ reason: 'reset', detail: '(ECONNRESET)' }, { reason: 'gateway', detail: '(HTTP 502 without the target\'s envelope)' }] as const) {
      const transport = new TransportError(response(outage), '/helper/ping');
      assert.deepEqual(settled(transport), [['inconclusive', transport.message, outage.reason], ['inconclusive', transport.message, outage.reason]]);
    }
    // An answer the target gave that cannot be read: a failure, as before.
    const garbage = new TransportError(response({ reason: 'not-json', detail: '(HTTP 200)' }), '/helper/ping');
    assert.deepEqual(settled(garbage), [['fail', garbage.message, 'not-json'], ['fail', garbage.message, 'not-json']]);
    const slow = new Judge(declared, target());
    settleDeclaredRules(slow, { status: 'timedOut', timeoutMs: 5000 });
    assert.equal(slow.verdicts()[0]?.reason, 'unfinished: the test timed out after 5000 ms');
    assert.equal(slow.verdicts()[0]?.verdict, 'inconclusive');
  });
});
