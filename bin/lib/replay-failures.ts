/**
 * Stable or flaky: before a run ends, each failing rule's test is run again alone (a Playwright run of `--grep
 * @rule:<id>`, so no other rule's traffic reaches its judge; the embedded mock started afresh with the same faults,
 * or the same external target) with the failure's seed and path, `replays` times, then once with a new seed. A
 * failure every replay shows again is `stable`, one some replays show is `flaky k/n`, one none shows is `not
 * reproduced`; a replay that could not judge the rule (the budget ran out, a transport failure) counts for
 * nothing. Replays start only while the replay deadline leaves time for one: a clean run replays nothing, and a
 * run with failures stays within its budget. The labels change no verdict (release-gate.ts decides what gates).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSettings } from '../../harness/core';
import { writeReportFiles } from '../../harness/report/write';
import type { ConformanceReport, ReplayOutcome, RuleResult, VerdictKind } from '../../harness/types';
import { runChild } from './child';
import { CONFORMANCE_CONFIG, playwrightCommand, playwrightEnv } from './commands';

export const DEFAULT_REPLAYS = 3;

export interface ReplayOptions {
  /** The run's environment (target, tokens, faults, profile): each replay runs with it, its seed and path changed. */
  env: Record<string, string | undefined>;
  /** Replays with the failure's own seed and path (0: none). */
  replays: number;
  /** Runs of the rule's test with a new seed, after those (default 1). */
  newSeeds?: number;
  /** Epoch ms past which no replay starts. */
  deadline: number;
  /** One line per replayed rule, as it is labelled. */
  log?: (line: string) => void;
  /** The new seeds (default random): the self-tests give their own. */
  newSeed?: () => number;
}

/** What one replay showed of the rule: failing again, passing, or no judgement. */
type ReplayResult = 'fail' | 'pass' | 'unjudged';

/**
 * The report with each failing rule's replay outcome. A traffic run (--har) is not replayed: the recording answers
 * the same every time, and the target that gave it is not asked.
 */
export async function replayFailures(report: ConformanceReport, options: ReplayOptions): Promise<ConformanceReport> {
  const failing = report.rules.filter((rule) => rule.verdict === 'fail');
  if (failing.length === 0 || options.replays <= 0) return report;
  const outcomes = new Map<string, ReplayOutcome>();
  let lastMs = 0;
  const timeLeft = () => options.deadline - Date.now() > lastMs;
  for (const rule of failing) {
    if (report.mode === 'traffic') {
      outcomes.set(rule.id, { label: 'not replayed', reproduced: 0, replays: 0, note: 'recorded traffic: a recording answers the same every time' });
      continue;
    }
    const seed = rule.property?.seed ?? report.seed;
    const path = rule.property?.path;
    const own: ReplayResult[] = [];
    for (let index = 0; index < options.replays && timeLeft(); index += 1) {
      const started = Date.now();
      own.push(await replayOnce(rule.id, options, String(seed), path));
      lastMs = Date.now() - started;
    }
    const fresh: ReplayResult[] = [];
    for (let index = 0; index < (options.newSeeds ?? 1) && timeLeft(); index += 1) {
      const started = Date.now();
      fresh.push(await replayOnce(rule.id, options, String((options.newSeed ?? randomSeed)()), undefined));
      lastMs = Date.now() - started;
    }
    const outcome = replayOutcome(own, fresh, options.replays);
    outcomes.set(rule.id, outcome);
    options.log?.(`replay: ${rule.id}: ${outcome.label}${outcome.label === 'not replayed' ? '' : ` ${outcome.reproduced}/${outcome.replays}`}${outcome.newSeeds ? `, new seed failed ${outcome.newSeeds.failed}/${outcome.newSeeds.runs}` : ''}${outcome.note ? ` (${outcome.note})` : ''}`);
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

/** One Playwright run of the rule's own test, reporting into a folder of its own; the rule's verdict there. */
async function replayOnce(ruleId: string, options: ReplayOptions, seed: string, path: string | undefined): Promise<ReplayResult> {
  const dir = mkdtempSync(join(tmpdir(), 'ems-replay-'));
  try {
    const env: Record<string, string | undefined> = {
      ...options.env,
      EMS_SEED: seed,
      EMS_PATH: path,
      EMS_REPORT_DIR: join(dir, 'reports'),
      EMS_TEST_RESULTS_DIR: join(dir, 'test-results'),
      EMS_REPORTERS: 'minimal',
      EMS_BLOB: undefined,
      EMS_WORKERS: '1',
    };
    const grep = `@rule:${ruleId.replace(/\./g, '\\.')}( |$)`;
    const limitS = Math.max(1, Math.ceil((options.deadline - Date.now()) / 1000) + 30);
    await runChild(...playwrightCommand(['test', '--config', CONFORMANCE_CONFIG, '--grep', grep]), { env: playwrightEnv(env), cwd: process.cwd(), limitS });
    return resultOf(verdictIn(join(dir, 'reports', 'conformance.json'), ruleId));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function verdictIn(file: string, ruleId: string): VerdictKind | undefined {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport;
    return report.rules.find((rule) => rule.id === ruleId)?.verdict;
  } catch {
    return undefined;
  }
}

function resultOf(verdict: VerdictKind | undefined): ReplayResult {
  return verdict === 'fail' ? 'fail' : verdict === 'pass' ? 'pass' : 'unjudged';
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
