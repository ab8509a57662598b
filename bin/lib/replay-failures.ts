/**
 * Stable or flaky: before a run ends, the tests of its failing rules run again, each test isolated from every
 * other test's traffic (EMS_ISOLATE_TESTS: a scope of its own per test and per repeat, harness/runner/fixtures.ts),
 * in one Playwright run of `--grep @rule:<id>|... --repeat-each N` with the failures' seed and path (one run per
 * property path), then once with a new seed. A failure every replay shows again is `stable`, one some replays
 * show is `flaky k/n`, one none shows is `not reproduced`; a replay that could not judge the rule (the budget ran
 * out, an outage: no answer of the target's) counts for nothing. The replays share the target as the run's tests did (the embedded
 * mock started afresh with the same faults, or the same external target). Nothing is replayed on a clean run; a run
 * with failures replays within its budget. The labels change no verdict (release-gate.ts decides what gates).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACROSS_ANSWERS_NOTE, isOutage, readSettings } from '../../harness/core';
import { writeReportFiles } from '../../harness/report/write';
import { ANNOTATION } from '../../harness/runner';
import type { ConformanceReport, ReplayOutcome, RuleResult, Verdict } from '../../harness/types';
import { runChild } from './child';
import { CONFORMANCE_CONFIG, playwrightCommand, playwrightEnv } from './commands';
import { listedTests, type PlaywrightJson } from './playwright-json';

export const DEFAULT_REPLAYS = 3;

export interface ReplayOptions {
  /** The run's environment (target, tokens, faults, profile): each replay runs with it, its seed and path changed. */
  env: Record<string, string | undefined>;
  /** Replays with the failure's own seed and path (0: none). */
  replays: number;
  /** Runs with a new seed, after those (default 1; 0: none). */
  newSeeds?: number;
  /** Epoch ms past which no replay starts. */
  deadline: number;
  /** One line per replayed rule, as it is labelled. */
  log?: (line: string) => void;
  /** The new seed (default random). */
  newSeed?: () => number;
}

/** What one replay showed of the rule: failing again, passing, or no judgement. */
export type ReplayResult = 'fail' | 'pass' | 'unjudged';

/**
 * The report with each failing rule's replay outcome. A traffic run (--har) is not replayed: the recording answers
 * the same every time, and the target that gave it is not asked.
 */
export async function replayFailures(report: ConformanceReport, options: ReplayOptions): Promise<ConformanceReport> {
  let failing = report.rules.filter((rule) => rule.verdict === 'fail');
  if (failing.length === 0 || options.replays <= 0) return report;
  const outcomes = new Map<string, ReplayOutcome>();
  if (report.mode === 'traffic') {
    for (const rule of failing) outcomes.set(rule.id, { label: 'not replayed', reproduced: 0, replays: 0, note: 'recorded traffic: a recording answers the same every time' });
  } else {
    // A failure found across answers of the whole run (the model's relations) is not the rule's test's alone to show.
    const acrossAnswers = (rule: RuleResult) => rule.evidence.length > 0 && rule.evidence.every((evidence) => evidence.note === ACROSS_ANSWERS_NOTE);
    for (const rule of failing.filter(acrossAnswers)) {
      outcomes.set(rule.id, { label: 'not replayed', reproduced: 0, replays: 0, note: 'found across answers of the whole run (the model with state): its test alone does not send them' });
    }
    failing = failing.filter((rule) => !acrossAnswers(rule));
  }
  if (report.mode !== 'traffic' && failing.length > 0) {
    const own = new Map<string, ReplayResult[]>();
    // One Playwright run per seed and path: the rules that are no property (or share the path) replay together.
    const groups = new Map<string, RuleResult[]>();
    for (const rule of failing) {
      const key = `${rule.property?.seed ?? report.seed} ${rule.property?.path ?? ''}`;
      groups.set(key, [...(groups.get(key) ?? []), rule]);
    }
    for (const rules of groups.values()) {
      if (Date.now() >= options.deadline) break;
      const first = rules[0]!;
      const found = await replayRun(rules.map((rule) => rule.id), options, String(first.property?.seed ?? report.seed), first.property?.path, options.replays);
      for (const [rule, results] of found) own.set(rule, results);
    }
    const fresh = new Map<string, ReplayResult[]>();
    const newSeeds = options.newSeeds ?? 1;
    if (newSeeds > 0 && Date.now() < options.deadline) {
      const seed = String((options.newSeed ?? randomSeed)());
      for (const [rule, results] of await replayRun(failing.map((rule) => rule.id), options, seed, undefined, newSeeds)) fresh.set(rule, results);
    }
    for (const rule of failing) {
      const outcome = replayOutcome(own.get(rule.id) ?? [], fresh.get(rule.id) ?? [], options.replays);
      outcomes.set(rule.id, outcome);
      options.log?.(`replay: ${rule.id}: ${outcome.label}${outcome.label === 'not replayed' ? '' : ` ${outcome.reproduced}/${outcome.replays}`}${outcome.newSeeds ? `, new seed failed ${outcome.newSeeds.failed}/${outcome.newSeeds.runs}` : ''}${outcome.note ? ` (${outcome.note})` : ''}`);
    }
  }
  return { ...report, rules: report.rules.map((rule): RuleResult => (outcomes.has(rule.id) ? { ...rule, replays: outcomes.get(rule.id)! } : rule)) };
}

/** The label of a failure from its replays: unjudged replays count for nothing. Pure. */
export function replayOutcome(own: readonly ReplayResult[], fresh: readonly ReplayResult[], asked: number): ReplayOutcome {
  const judged = own.filter((result) => result !== 'unjudged');
  const reproduced = judged.filter((result) => result === 'fail').length;
  const freshJudged = fresh.filter((result) => result !== 'unjudged');
  const newSeeds = freshJudged.length ? { newSeeds: { runs: freshJudged.length, failed: freshJudged.filter((result) => result === 'fail').length } } : {};
  const short = own.length < asked ? `${asked - own.length} of ${asked} replays not run: the time left to the run's budget` : '';
  const unjudged = own.length - judged.length;
  const note = [short, unjudged ? `${unjudged} replay(s) could not judge the rule` : ''].filter(Boolean).join('; ');
  if (judged.length === 0) return { label: 'not replayed', reproduced: 0, replays: 0, ...newSeeds, note: note || 'no replay judged the rule' };
  const label = reproduced === judged.length ? 'stable' : reproduced === 0 ? 'not reproduced' : 'flaky';
  return { label, reproduced, replays: judged.length, ...newSeeds, ...(note ? { note } : {}) };
}

/**
 * One Playwright run of the failing rules' tests, each `repeat` times and isolated, with this seed and path; per
 * rule, what each run of a test declaring it showed (read from Playwright's JSON report of the run).
 */
async function replayRun(rules: string[], options: ReplayOptions, seed: string, path: string | undefined, repeat: number): Promise<Map<string, ReplayResult[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'ems-replay-'));
  try {
    const json = join(dir, 'playwright.json');
    const env: Record<string, string | undefined> = {
      ...options.env,
      EMS_SEED: seed,
      EMS_PATH: path,
      EMS_REPORT_DIR: join(dir, 'reports'),
      EMS_TEST_RESULTS_DIR: join(dir, 'test-results'),
      EMS_REPORTERS: 'minimal',
      EMS_PLAYWRIGHT_JSON: json,
      EMS_ISOLATE_TESTS: '1',
      EMS_BLOB: undefined,
      // One worker: a second one's start costs more CPU than the few replayed tests gain from it.
      EMS_WORKERS: '1',
    };
    const grep = rules.map((rule) => `@rule:${rule.replace(/\./g, '\\.')}( |$)`).join('|');
    const limitS = Math.max(1, Math.ceil((options.deadline - Date.now()) / 1000) + 30);
    await runChild(...playwrightCommand(['test', '--config', CONFORMANCE_CONFIG, '--grep', grep, '--repeat-each', String(repeat)]), { env: playwrightEnv(env), cwd: process.cwd(), limitS });
    return resultsIn(json, rules);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Per rule, each test run's showing of it: `fail` when a judge's verdict of the run fails it, `unjudged` when the run hit an
 * outage (no answer of the target's: harness/core/outage.ts) or judged nothing, `pass` when one passes it and none fails.
 */
export function resultsIn(file: string, rules: readonly string[]): Map<string, ReplayResult[]> {
  const results = new Map<string, ReplayResult[]>(rules.map((rule) => [rule, []]));
  let json: PlaywrightJson;
  try {
    json = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightJson;
  } catch {
    return results;
  }
  for (const test of listedTests(json)) {
    for (const rule of test.rules.filter((declared) => results.has(declared))) {
      for (const result of test.results) {
        const verdicts = (result.annotations ?? [])
          .filter((annotation) => annotation.type === ANNOTATION.verdict)
          .map((annotation) => JSON.parse(annotation.description ?? 'null') as Verdict)
          .filter((verdict) => verdict?.rule === rule);
        // A replay that hit an outage judged nothing (whatever else it passed): it counts neither as reproduced nor as not.
        const outage = verdicts.some((verdict) => isOutage(verdict.transportFailure));
        const shown = verdicts.some((verdict) => verdict.verdict === 'fail') ? 'fail' : outage ? 'unjudged' : verdicts.some((verdict) => verdict.verdict === 'pass') ? 'pass' : 'unjudged';
        results.get(rule)!.push(shown);
      }
    }
  }
  return results;
}

function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

/**
 * The replay phase of a finished run: replays its failures within the run's budget (EMS_BUDGET_S from the run's
 * start), and at most as long again as the run took or a minute, whichever is longer; then writes the report files
 * again with the labels. Returns the labelled report.
 */
export async function replayPhase(report: ConformanceReport, env: Record<string, string | undefined>, outDir: string, replays: number): Promise<ConformanceReport> {
  if (replays <= 0 || !report.rules.some((rule) => rule.verdict === 'fail')) return report;
  const settings = readSettings(env);
  const deadline = Math.min(settings.startedAt + settings.budgetS * 1000, Date.now() + Math.max(60_000, report.durationMs));
  const started = Date.now();
  const failing = report.rules.filter((rule) => rule.verdict === 'fail').length;
  console.log(`conformance: replaying ${failing} failing rule(s), each alone: ${replays} time(s) with its seed and path, once with a new seed (--replays 0: none)`);
  const labelled = await replayFailures(report, { env, replays, deadline, log: (line) => console.log(`  ${line}`) });
  console.log(`conformance: replays took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await writeReportFiles(labelled, outDir);
  return labelled;
}
