import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { foldVerdicts } from '../../harness/core/fold';
import { Judge } from '../../harness/core/judge';
import { settleDeclaredRules } from '../../harness/core/settle';
import type { Capability, Verdict, VerdictKind } from '../../harness/types';

const target = (capabilities: Capability[] = []) => ({ capabilities: new Set(capabilities), seed: 1, runs: 5, deadline: Date.now() + 60_000 });
const verdict = (kind: VerdictKind, extra: Partial<Verdict> = {}): Verdict => ({ rule: 'r', verdict: kind, evidence: [], requests: 1, ...extra });

describe('folding', () => {
  test('fail > inconclusive > pass > skipped, reason and evidence from the winner', () => {
    const kinds: VerdictKind[] = ['skipped', 'pass', 'inconclusive', 'fail'];
    for (let i = 0; i < kinds.length; i++) {
      const folded = foldVerdicts('r', kinds.slice(0, i + 1).map((kind) => verdict(kind, { reason: kind, evidence: [{ title: kind }] })));
      assert.equal(folded.verdict, kinds[i]);
      assert.equal(folded.reason, kinds[i]);
      assert.deepEqual(folded.evidence, [{ title: kinds[i] }]);
      assert.equal(folded.requests, i + 1);
    }
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
    judge.pass('helper.ping.accepts-token');
    assert.equal(judge.check('helper.ping.accepts-token', false, { title: 'not pong', expected: 'pong', actual: 'ping' }), false);
    judge.skip('schema.helper.ping', 'why');
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

  test('judging an undeclared or unknown rule is a mistake in the check', () => {
    const judge = new Judge(['helper.ping.accepts-token'], target());
    assert.throws(() => judge.pass('schema.helper.ping'), /without declaring it: add the tag @rule:schema.helper.ping/);
    assert.throws(() => judge.pass('no.such.rule'), /unknown rule "no.such.rule"/);
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
  test('a check that ended without a verdict fails', () => {
    const judge = new Judge(declared, target());
    judge.pass('helper.ping.accepts-token');
    settleDeclaredRules(judge, { status: 'passed', timeoutMs: 1 });
    const schema = judge.verdicts().find((v) => v.rule === 'schema.helper.ping');
    assert.deepEqual([schema?.verdict, schema?.reason], ['fail', 'the check recorded no verdict']);
    assert.equal(judge.verdicts().find((v) => v.rule === 'helper.ping.accepts-token')?.verdict, 'pass');
  });

  test('a test that threw fails its unjudged rules with the error line; time-outs are unfinished', () => {
    const thrown = new Judge(declared, target());
    settleDeclaredRules(thrown, { status: 'failed', error: 'TypeError: x is undefined', timeoutMs: 1 });
    assert.deepEqual(thrown.verdicts().map((v) => [v.verdict, v.reason]), [['fail', 'TypeError: x is undefined'], ['fail', 'TypeError: x is undefined']]);
    const slow = new Judge(declared, target());
    settleDeclaredRules(slow, { status: 'timedOut', timeoutMs: 5000 });
    assert.equal(slow.verdicts()[0]?.reason, 'unfinished: the test timed out after 5000 ms');
    assert.equal(slow.verdicts()[0]?.verdict, 'inconclusive');
  });
});
