import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { loadRules, repoPath } from '../../harness/contract';
import { clip, EXPLORATION_TAG, ruleTag } from '../../harness/core';
import type { ChoiceMap, Fault } from '../../mock';
import { runChild } from '../lib/child';
import { childEnv } from '../lib/env';
import { listedTests, type PlaywrightJson } from '../lib/playwright-json';

/**
 * The matrix's plan: which runs, on which tests, with which faults, in which order. A fault runs the
 * tests of its rule's area and of the areas whose rules share every fault's mechanism (SHARED_AREAS:
 * every answer passes through the token check and the envelope), so a fault that bends a rule of
 * another area is seen; each selection with faults has a clean baseline of the same selection: without
 * --area/--fault, the one clean run that covers every suite (cut to the selection, baselineReport), else a
 * clean run of the selection.
 */

/** Areas every fault run also selects: their rules judge every operation's answers (auth, envelope). */
export const SHARED_AREAS: readonly string[] = ['auth', 'envelope'];

/** One run of the matrix: a selection of tests against its own mock with these faults on. */
export interface MatrixRun {
  /** Unique: "clean", "baseline <areas>", "fault <name>". */
  name: string;
  kind: 'clean' | 'baseline' | 'fault';
  /** The fault's area (fault runs). */
  area?: string;
  /** The areas the run selects (fault runs and baselines); a fault run and its baseline select the same. */
  areas?: string[];
  fault?: Fault;
  faults: string[];
  /** The spec files that hold the selection (absolute). */
  files: string[];
  /** Playwright --grep of the selection; none: every test of the files. */
  grep?: string;
  /** The readings of the silent points its mock takes over the default ones (fault runs: drawn, selfcheck/readings.ts). */
  choices?: ChoiceMap;
}

export interface Plan {
  /** In queue order: the clean run (every suite) or the baselines (--area/--fault), then the faults with their areas interleaved. */
  runs: MatrixRun[];
  /** Faults whose area no test selects (missed without a run). */
  untested: Fault[];
}

const catalogue = loadRules();
export const areaOf: ReadonlyMap<string, string> = new Map(catalogue.rules.map((rule) => [rule.id, rule.area]));
export const areas: readonly string[] = [...new Set(catalogue.rules.map((rule) => rule.area))];

/** The tag of every rule of the areas, as one Playwright --grep. */
export function areaGrep(...selected: string[]): string {
  const tags = catalogue.rules.filter((rule) => selected.includes(rule.area)).map((rule) => ruleTag(rule.id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `(${[...tags, EXPLORATION_TAG].join('|')})(?=\\s|$)`;
}

/** The areas a fault of this area runs: its own and the shared ones, in catalogue order. */
export function selectionOf(area: string): string[] {
  return areas.filter((candidate) => candidate === area || SHARED_AREAS.includes(candidate));
}

/** The baseline's name of a selection: "baseline auth+envelope+exports". */
export const baselineName = (selection: readonly string[]): string => `baseline ${selection.join('+')}`;

export function planMatrix(faults: Fault[], filesOf: ReadonlyMap<string, string[]>, everySuite: boolean): Plan {
  const runs: MatrixRun[] = [];
  if (everySuite) runs.push({ name: 'clean', kind: 'clean', faults: [], files: [...new Set([...filesOf.values()].flat())].sort() });
  // A selection runs when the fault's own area has tests; the shared areas add theirs when they have some.
  const selected = (area: string) => {
    if (!filesOf.get(area)) return undefined;
    const selection = selectionOf(area).filter((name) => filesOf.has(name));
    // The stateful exploration runs in every selection: its answers are judged against the model's state by the selection's rules.
    const explorations = filesOf.get(EXPLORATIONS) ?? [];
    return { areas: selection, files: [...new Set([...selection.flatMap((name) => filesOf.get(name)!), ...explorations])].sort(), grep: areaGrep(...selection) };
  };
  // The clean run of every suite selects a superset of every selection: it is the baseline of each (baselineReport).
  const baselines = new Set<string>();
  for (const area of everySuite ? [] : new Set(faults.map((fault) => areaOf.get(fault.rule) ?? '?'))) {
    const selection = selected(area);
    if (!selection || baselines.has(baselineName(selection.areas))) continue;
    baselines.add(baselineName(selection.areas));
    runs.push({ name: baselineName(selection.areas), kind: 'baseline', faults: [], ...selection });
  }
  const untested: Fault[] = [];
  for (const fault of interleaveByArea(faults)) {
    const area = areaOf.get(fault.rule) ?? '?';
    const selection = selected(area);
    if (selection) runs.push({ name: `fault ${fault.name}`, kind: 'fault', area, fault, faults: [fault.name], ...selection });
    else untested.push(fault);
  }
  return { runs, untested };
}

/** Round-robin over the areas (most faults first), so that neighbours in the queue are of different areas. */
function interleaveByArea(faults: Fault[]): Fault[] {
  const byArea = new Map<string, Fault[]>();
  for (const fault of faults) {
    const area = areaOf.get(fault.rule) ?? '?';
    byArea.set(area, [...(byArea.get(area) ?? []), fault]);
  }
  const queues = [...byArea.values()].sort((a, b) => b.length - a.length);
  const order: Fault[] = [];
  while (queues.some((queue) => queue.length > 0)) for (const queue of queues) if (queue.length > 0) order.push(queue.shift()!);
  return order;
}

/** The listing's key of the files holding an exploration (a test that declares no rule: drivers/stateful). */
export const EXPLORATIONS = 'explorations';

/** What the listing found: per area, the spec files holding a test that declares one of its rules; the files that do not load. */
export interface Listing {
  filesOf: Map<string, string[]>;
  broken: { file: string; error: string }[];
}

/**
 * Lists every test (`playwright test --list`). When a spec file does not load, Playwright lists
 * nothing: then each file is listed alone, and the files that do not load are left out (their areas
 * have no tests).
 */
export async function listAreaFiles(): Promise<Listing> {
  const whole = await listTests([]);
  if (!whole.error) return { filesOf: filesByArea(whole.json), broken: [] };
  const specs = readdirSync(repoPath('suites')).filter((name) => name.endsWith('.spec.ts')).sort();
  const alone = await Promise.all(specs.map(async (name) => ({ file: join('suites', name), listed: await listTests([join('suites', name)]) })));
  const filesOf = new Map<string, string[]>();
  for (const { listed } of alone) {
    if (listed.error) continue;
    for (const [area, files] of filesByArea(listed.json)) filesOf.set(area, [...(filesOf.get(area) ?? []), ...files].sort());
  }
  return { filesOf, broken: alone.filter(({ listed }) => listed.error).map(({ file, listed }) => ({ file, error: listed.error! })) };
}

async function listTests(files: string[]): Promise<{ json: PlaywrightJson; error?: string }> {
  const scratch = mkdtempSync(join(tmpdir(), 'ems-selfcheck-list-'));
  try {
    const finished = await runChild(repoPath('node_modules', '.bin', 'playwright'), ['test', '--list', '--reporter=json', ...files], {
      env: childEnv({ EMS_REPORT_DIR: scratch, EMS_TEST_RESULTS_DIR: join(scratch, 'test-results') }),
      limitS: 120,
    });
    let json: PlaywrightJson;
    try {
      json = JSON.parse(finished.stdout) as PlaywrightJson;
    } catch {
      return { json: {}, error: `playwright test --list failed (exit ${finished.code}): ${clip(finished.stderr || finished.stdout, 400)}` };
    }
    const error = json.errors?.map((item) => item.message ?? '').find(Boolean);
    return error === undefined ? { json } : { json, error: clip(error, 300) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function filesByArea(json: PlaywrightJson): Map<string, string[]> {
  const files = new Map<string, Set<string>>();
  for (const test of listedTests(json, json.config?.rootDir ?? repoPath('suites'))) {
    if (test.rules.length === 0) files.set(EXPLORATIONS, (files.get(EXPLORATIONS) ?? new Set()).add(test.file));
    for (const rule of test.rules) {
      const area = areaOf.get(rule);
      if (area) files.set(area, (files.get(area) ?? new Set()).add(test.file));
    }
  }
  return new Map([...files].map(([area, names]) => [area, [...names].sort()]));
}
