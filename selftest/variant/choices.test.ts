/**
 * The readings of the silent points the mock takes (mock/choices/): `--choice POINT=READING` and EMS_MOCK_CHOICES
 * parsed, resolved over a variant, refused in one line naming the valid points or readings; the table of readings
 * kept in step with spec/silent-points.yaml; a drawn combination is reproducible from its seed.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { loadSilentPoints, repoPath } from '../../harness/contract';
import { Choices, formatChoices, parseChoice, parseChoices } from '../../mock/choices/choices';
import { drawChoices, namedSeed } from '../../mock/choices/draw';
import { FAULT_NEEDS } from '../../mock/choices/fault-needs';
import { CATALOGUED_READINGS, MOCK_ONLY_POINTS, POINT_IDS, mockReadings } from '../../mock/choices/points';
import { FAULTS } from '../../mock/faults';
import { embeddedMockOptions, embeddedMockReplay } from '../../mock/provider';
import { resolveOptions } from '../../mock/options';

const catalogue = loadSilentPoints();

describe('the mock varies every catalogued point that has a mock entry', () => {
  test('each point with a mock entry is in the table, its default and alt readings among those the mock takes, each of them a catalogued reading', () => {
    const withMock = catalogue.points.filter((point) => point.mock);
    assert.deepEqual(withMock.map((point) => point.id).sort(), Object.keys(CATALOGUED_READINGS).sort());
    for (const point of withMock) {
      const takes = mockReadings(point.id)!;
      for (const reading of takes) assert.ok(Object.hasOwn(point.readings, reading), `${point.id}: the mock takes "${reading}", no reading of the catalogue`);
      for (const side of ['default', 'alt'] as const) {
        const reading = point.mock?.[side] ?? point.mock?.default;
        assert.ok(reading && takes.includes(reading), `${point.id}: mock ${side} reading ${reading} is not one the mock takes (${takes.join(', ')})`);
      }
      assert.ok(takes.length >= 2, `${point.id}: the mock takes one reading only`);
    }
  });

  test('a mock-only point names no catalogued point and takes its default and alt readings', () => {
    for (const [id, point] of Object.entries(MOCK_ONLY_POINTS)) {
      assert.ok(!catalogue.points.some((entry) => entry.id === id), `${id} is catalogued: take it out of MOCK_ONLY_POINTS`);
      const readings: readonly string[] = point.readings;
      assert.ok(readings.includes(point.default) && readings.includes(point.alt) && point.default !== point.alt, id);
    }
  });
});

describe('choice parsing and resolution', () => {
  test('POINT=READING, repeatable and comma-separated; a malformed choice or a point chosen twice is a one-line error', () => {
    assert.deepEqual(parseChoice(' paging.empty-total-pages = one '), ['paging.empty-total-pages', 'one']);
    assert.deepEqual(parseChoices(['paging.empty-total-pages=one,search.tie-order=id-descending', 'import.dynamic-group=refused']), {
      'paging.empty-total-pages': 'one',
      'search.tie-order': 'id-descending',
      'import.dynamic-group': 'refused',
    });
    assert.deepEqual(parseChoices(['']), {});
    assert.throws(() => parseChoice('paging.empty-total-pages'), /^RangeError: a choice reads POINT=READING/);
    assert.throws(() => parseChoice('a=b=c'), /POINT=READING/);
    assert.throws(() => parseChoices(['search.tie-order=id-ascending', 'search.tie-order=id-descending']), /search\.tie-order is chosen twice/);
  });

  test('the default variant takes every mock.default, alt every mock.alt of the catalogue', () => {
    const plain = Choices.resolve('default');
    const alt = Choices.resolve('alt');
    for (const point of catalogue.points.filter((entry) => entry.mock)) {
      assert.equal(plain.reading(point.id as never), point.mock!.default, point.id);
      assert.equal(alt.reading(point.id as never), point.mock!.alt ?? point.mock!.default, point.id);
    }
    for (const [id, point] of Object.entries(MOCK_ONLY_POINTS)) {
      assert.equal(plain.reading(id as never), point.default);
      assert.equal(alt.reading(id as never), point.alt);
    }
    assert.deepEqual(plain.overrides(), {});
    assert.equal(plain.entries().length, POINT_IDS.length);
  });

  test('alt with one choice over it: that point alone leaves the alt reading', () => {
    const alt = Choices.resolve('alt');
    const overridden = Choices.resolve('alt', { 'paging.empty-total-pages': 'zero' });
    assert.ok(alt.is('paging.empty-total-pages', 'one'));
    assert.ok(overridden.is('paging.empty-total-pages', 'zero'));
    assert.deepEqual(overridden.overrides(), { 'paging.empty-total-pages': 'zero' });
    const differing = overridden.entries().filter(([point, reading]) => alt.reading(point) !== reading);
    assert.deepEqual(differing, [['paging.empty-total-pages', 'zero']]);
  });

  test('an unknown point names every point; an unknown reading names the point\'s readings; a catalogued reading the mock does not take says so', () => {
    const unknownPoint = catchMessage(() => Choices.resolve('default', { 'paging.no-such-point': 'one' }));
    assert.match(unknownPoint, /^no point "paging\.no-such-point" the mock varies; points: /);
    for (const point of POINT_IDS) assert.ok(unknownPoint.includes(point), `the message names ${point}`);
    assert.equal(unknownPoint.split('\n').length, 1);
    assert.equal(catchMessage(() => Choices.resolve('alt', { 'paging.empty-total-pages': 'two' })), 'paging.empty-total-pages has no reading "two"; readings: zero, one');
    assert.equal(
      catchMessage(() => Choices.resolve('default', { 'search.tie-order': 'other' })),
      'the mock does not take reading "other" of search.tie-order; it takes id-ascending, id-descending, id-in-direction',
    );
  });

  test('startMock\'s options: choices over the variant, strictMethods as methods.post-on-get-operations, a choice winning over strictMethods', () => {
    assert.ok(resolveOptions({ variant: 'alt' }).choices.is('methods.post-on-get-operations', 'refused'));
    assert.ok(resolveOptions({ strictMethods: true }).choices.is('methods.post-on-get-operations', 'refused'));
    assert.ok(resolveOptions({ variant: 'alt', strictMethods: false }).choices.is('methods.post-on-get-operations', 'accepted'));
    assert.ok(resolveOptions({ strictMethods: true, choices: { 'methods.post-on-get-operations': 'accepted' } }).choices.is('methods.post-on-get-operations', 'accepted'));
    assert.throws(() => resolveOptions({ choices: { nope: 'x' } }), /no point "nope"/);
  });

  test('the embedded mock reads EMS_MOCK_CHOICES and its replay gives them back (flags and variable)', () => {
    const options = embeddedMockOptions({ faults: [] }, { EMS_MOCK_VARIANT: 'alt', EMS_MOCK_CHOICES: 'paging.empty-total-pages=zero,emails.unsent-dateSent=planned' });
    assert.deepEqual(options.choices, { 'paging.empty-total-pages': 'zero', 'emails.unsent-dateSent': 'planned' });
    assert.throws(() => embeddedMockOptions({ faults: [] }, { EMS_MOCK_CHOICES: 'oops' }), /^RangeError: EMS_MOCK_CHOICES: a choice reads POINT=READING/);
    const replay = embeddedMockReplay(options, '4011', false);
    assert.match(replay.start ?? '', /--variant alt --choice paging\.empty-total-pages=zero --choice emails\.unsent-dateSent=planned/);
    assert.deepEqual(replay.variables, { EMS_MOCK_VARIANT: 'alt', EMS_MOCK_CHOICES: 'paging.empty-total-pages=zero,emails.unsent-dateSent=planned' });
    assert.equal(embeddedMockReplay(embeddedMockOptions({ faults: [] }, {}), '4011', false).variables, undefined);
  });

  test('`npm run mock -- --choice` with an unknown point or reading: one line on stderr, exit 2', () => {
    for (const [choice, message] of [
      ['paging.nothing=one', /^ems mock: no point "paging\.nothing" the mock varies; points: records\.absent-value, /],
      ['paging.empty-total-pages=two', /^ems mock: paging\.empty-total-pages has no reading "two"; readings: zero, one$/],
      ['no-equals-sign', /^ems mock: --choice: a choice reads POINT=READING/],
    ] as const) {
      const finished = spawnSync(process.execPath, ['--import', 'tsx', repoPath('mock', 'cli.ts'), '--port', '0', '--choice', choice], { encoding: 'utf8', timeout: 30_000 });
      assert.equal(finished.status, 2, `${choice}: ${finished.stderr}`);
      assert.equal(finished.stderr.trim().split('\n').length, 1, finished.stderr);
      assert.match(finished.stderr.trim(), message);
    }
  });
});

describe('drawn combinations', () => {
  test('the same seed draws the same combinations; every point gets one of its readings; fixed points keep theirs', () => {
    const [first, second] = [drawChoices(7, 3), drawChoices(7, 3)];
    assert.deepEqual(first, second);
    assert.notDeepEqual(drawChoices(8, 3), first);
    for (const combination of first) {
      assert.deepEqual(Object.keys(combination), [...POINT_IDS]);
      for (const [point, reading] of Object.entries(combination)) assert.ok(mockReadings(point)!.includes(reading), `${point}=${reading}`);
      assert.doesNotThrow(() => Choices.resolve('default', combination));
      assert.deepEqual(parseChoices([formatChoices(combination)]), combination);
    }
    for (const combination of drawChoices(9, 5, { 'paging.beyond-last': 'empty-page' })) assert.equal(combination['paging.beyond-last'], 'empty-page');
    assert.equal(namedSeed(1, 'a'), namedSeed(1, 'a'));
    assert.notEqual(namedSeed(1, 'a'), namedSeed(1, 'b'));
  });

  test('the readings a fault needs name a fault, points and readings the mock takes', () => {
    const faults = new Set(FAULTS.map((fault) => fault.name));
    for (const [fault, needs] of Object.entries(FAULT_NEEDS)) {
      assert.ok(faults.has(fault), `${fault} is no fault of mock/faults.ts`);
      assert.doesNotThrow(() => Choices.resolve('default', needs), fault);
    }
  });
});

function catchMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  assert.fail('no error');
}
