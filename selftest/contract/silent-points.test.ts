/**
 * The silent-point catalogue (spec/silent-points.yaml) and the code agree:
 * - the catalogue loads and passes silentPointProblems;
 * - every point that judges meet has an observer in harness/silent, or its `met` says why not;
 * - every `silentPoint('<id>')` call and every `@silent-point <id>` tag of the code names a catalogued point;
 * - a judge's tolerance has a catalogue entry: for each rule a point names in `judges`, the rule's check file
 *   or a helper it imports (under checks/, drivers/, harness/oracles/, harness/model/) names the point; and each tolerance
 *   site (a known one, or any judge-side file whose comments say the documents leave a choice) names a point.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadSilentPoints, silentPointProblems } from '../../harness/contract';
import { checkFile, CODE, JUDGE_SIDE, judgeSideClosure, namedPoints, read, ROOT, sources } from './code-names';
import { observeSilentPoints, OBSERVERS, observerOf } from '../../harness/silent';
import { parse } from 'yaml';
import { testTarget } from '../core/support/target';

const catalogue = loadSilentPoints();
const ids = new Set(catalogue.points.map((point) => point.id));

/**
 * Known tolerance sites: where a judge accepts more than one reading of something the documents leave open,
 * and the point each must name.
 */
const TOLERANCE_SITES: Record<string, string[]> = {
  'harness/oracles/absent.ts': ['records.absent-value'],
  'harness/oracles/booleans.ts': ['records.boolean-form'],
  'harness/oracles/order.ts': ['search.text-collation'],
  'harness/oracles/wildcard.ts': ['emails.wildcard-anchoring', 'search.match-case'],
  'harness/oracles/last-page.ts': ['paging.link-form'],
  'harness/model/ties.ts': ['search.tie-order'],
  'checks/shared/judges/answer-verdicts.ts': ['records.absent-value', 'records.boolean-form'],
  'harness/model/import-answer.ts': ['import.failed-row-contactID'],
  'harness/model/export-job.ts': ['exports.running-statuses'],
  'drivers/export-jobs.ts': ['exports.running-statuses'],
};

/** Words by which a comment says the documents leave a choice (a tolerance explained). */
const TOLERANCE_WORDS = /interface\.md is silent|\bis silent\b|not shown|not written|does not say|no tie-break|no collation|either reading|any reading|every reasonable reading|tolerat/i;

/** A file whose comments use those words for something no point is about says so: `@no-silent-point <why>`. */
const NOT_A_POINT = /@no-silent-point\s+\S+/;

/** Whether a source says the documents leave a choice and names no point for it (nor says it is none). */
const unnamedTolerance = (source: string): boolean => TOLERANCE_WORDS.test(source) && namedPoints(source).length === 0 && !NOT_A_POINT.test(source);

describe('silent points: the catalogue and the code', () => {
  test('the catalogue loads and has no problems', () => {
    assert.deepEqual(silentPointProblems(parse(readFileSync(join(ROOT, 'spec/silent-points.yaml'), 'utf8'))), []);
    assert.ok(catalogue.points.length > 0);
  });

  test('every point judges meet has an observer, or its `met` says why not', () => {
    const missing = catalogue.points.filter((point) => point.judges.length > 0 && !observerOf(point.id) && !(point.met ?? '').trim());
    assert.deepEqual(missing.map((point) => point.id), []);
    for (const entry of OBSERVERS) assert.ok(ids.has(entry.point), `an observer of ${entry.point}, no point of the catalogue`);
    assert.equal(new Set(OBSERVERS.map((entry) => entry.point)).size, OBSERVERS.length, 'one observer per point');
  });

  test('every point the code names is catalogued', () => {
    const unknown: string[] = [];
    for (const file of CODE.flatMap(sources)) for (const id of namedPoints(read(file))) if (!ids.has(id)) unknown.push(`${file}: ${id}`);
    assert.deepEqual(unknown, []);
  });

  test("a rule a point names among its judges has a check file or a helper that names the point", () => {
    const unnamed: string[] = [];
    for (const point of catalogue.points) {
      for (const rule of point.judges) {
        const file = checkFile(rule);
        if (!file) {
          unnamed.push(`${point.id}: ${rule} has no check file`);
          continue;
        }
        const named = [...judgeSideClosure(file)].some((path) => namedPoints(read(path)).includes(point.id));
        if (!named) unnamed.push(`${point.id}: neither ${file} nor a helper it imports names the point`);
      }
    }
    assert.deepEqual(unnamed, []);
  });

  test('every tolerance site names a point', () => {
    const problems: string[] = [];
    for (const [file, points] of Object.entries(TOLERANCE_SITES)) {
      assert.ok(existsSync(join(ROOT, file)), `${file}: a tolerance site that is gone (update TOLERANCE_SITES)`);
      const named = namedPoints(read(file));
      for (const id of points) if (!named.includes(id)) problems.push(`${file} tolerates ${id} and does not name it`);
    }
    for (const file of JUDGE_SIDE.flatMap(sources)) {
      const source = read(file);
      if (unnamedTolerance(source)) {
        problems.push(`${file} says the documents leave a choice (${TOLERANCE_WORDS.exec(source)![0]}) and names no silent point (@silent-point <id>, or @no-silent-point <why>)`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test('the readers of the test: points named by calls and tags; a tolerance that names no point is caught', () => {
    assert.deepEqual(namedPoints("const x = silentPoint('search.tie-order'); /** @silent-point paging.link-form, paging.beyond-last */"), ['search.tie-order', 'paging.link-form', 'paging.beyond-last']);
    assert.deepEqual(namedPoints('/** nothing here */'), []);
    assert.ok(unnamedTolerance('/** Which letter case matches is not written: both are accepted. */'));
    assert.ok(!unnamedTolerance('// @silent-point search.match-case\n/** Which letter case matches is not written: both are accepted. */'));
    assert.ok(!unnamedTolerance('// @no-silent-point a judge\'s own reasoning\n/** what a refusal shows is not shown */'));
    assert.ok(!unnamedTolerance('/** Reads an answer. */'));
  });

  test('observeSilentPoints gives one observation per point, in catalogue order, on empty traffic', () => {
    const observations = observeSilentPoints({ exchanges: [], of: () => [] }, testTarget());
    assert.deepEqual(observations.map((o) => o.point), catalogue.points.map((p) => p.id));
    for (const observation of observations) {
      assert.deepEqual(observation.readings, []);
      assert.deepEqual(observation.evidence, []);
    }
  });
});
