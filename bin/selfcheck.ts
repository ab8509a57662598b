/**
 * The fault matrix: proves every check can fail. For each named mock fault, runs the tests of the
 * fault's area and of the shared areas (auth, envelope: their rules judge every answer) against a mock
 * with that fault on and checks that the fault's rule is `fail` and that no rule outside the area turns
 * `fail`, `inconclusive` or `error` compared with a clean run of the same selection; runs every suite once against the clean mock and checks that no rule fails and none is
 * inconclusive (that run, cut to a selection, is the selection's clean baseline; with --area/--fault each selection
 * gets a clean run of its own instead). The planner (selfcheck/plan.ts) lays out the runs, the pool (selfcheck/pool.ts) runs
 * them, each against its own mock, in one Playwright run; selfcheck/verdict-diff.ts judges and
 * selfcheck/print.ts prints. Usage: npm run selfcheck -- --help
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAULTS, type Fault } from '../mock';
import { stopChildrenOnSignal } from './lib/child';
import { parseFlags, positiveInteger, runMain, UsageError } from './lib/cli';
import { seconds } from './lib/table';
import { areaOf, areas, listAreaFiles, planMatrix, type MatrixRun } from './selfcheck/plan';
import { runPool } from './selfcheck/pool';
import { withDrawnReadings } from './selfcheck/readings';
import { drawSeed } from '../mock/choices/draw';
import { printAreaTable, printClean, printFault } from './selfcheck/print';
import { baselineOfSelection, cleanCheck, cleanOfBaselines, judgeFault, noTests, type FaultResult, type RunOutcome } from './selfcheck/verdict-diff';

const USAGE = `usage: npm run selfcheck -- [--area AREA]... [--fault NAME]... [--workers N] [--runs N] [--seed N]
                           [--draw-seed N | --default-readings] [--export-budget-s N] [--export-delay-ms MIN,MAX]
                           [--json FILE] [--keep]
  --area      only the faults of this rule area (repeatable): ${areas.join(', ')}
  --fault     only this fault (repeatable; mock/faults.ts, npm run mock -- --list-faults)
  --workers   Playwright workers: lanes of runs at once, each run against its own mock, a lane's runs one after
              another in one worker (default 4: runs that wait on export jobs leave the CPU to the others)
  --runs      EMS_RUNS for every run (default 8); --seed  EMS_SEED for every run (default 1)
  --draw-seed  each fault runs against a mock taking a combination of readings of the silent points drawn from
              this seed and the fault's name (mock/README.md, "Silent points"; the readings a fault needs held:
              mock/choices/fault-needs.ts); default a fresh seed, printed. --default-readings: every fault under
              the mock's default readings. Clean runs and baselines always take the default readings.
  --export-budget-s  EMS_EXPORT_BUDGET_S for every run (default 6)
  --export-delay-ms  how long the matrix mocks keep an export job Pending at most (default 1000,2000: the embedded
              mock's; as there, a job also ends at its third status poll)
  --json      write the results to FILE;  --keep  keep the runs' report folders
Without --area/--fault the clean run covers every suite and is every fault's baseline (cut to its selection);
with them, each selection gets a clean baseline run of its own, and the clean check is those baselines.
Exit: 0 every fault caught without over-report and the clean run clean, 1 otherwise, 2 usage.`;

async function main(): Promise<number> {
  const { values } = parseFlags(
    process.argv.slice(2),
    {
      area: { type: 'string', multiple: true },
      fault: { type: 'string', multiple: true },
      workers: { type: 'string', default: '4' },
      runs: { type: 'string', default: '8' },
      seed: { type: 'string', default: '1' },
      'draw-seed': { type: 'string' },
      'default-readings': { type: 'boolean' },
      'export-budget-s': { type: 'string', default: '6' },
      'export-delay-ms': { type: 'string', default: '1000,2000' },
      json: { type: 'string' },
      keep: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    { area: 'AREA', fault: 'NAME', workers: 'N', runs: 'N', seed: 'N', 'draw-seed': 'N', 'export-budget-s': 'N', 'export-delay-ms': 'MIN,MAX', json: 'FILE' },
  );
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const settings = {
    workers: positiveInteger('--workers', values.workers),
    runs: positiveInteger('--runs', values.runs),
    seed: positiveInteger('--seed', values.seed),
    exportBudgetS: positiveInteger('--export-budget-s', values['export-budget-s']),
    exportDelayMs: delayRange(values['export-delay-ms']),
  };
  if (values['default-readings'] && values['draw-seed'] !== undefined) throw new UsageError('--draw-seed and --default-readings exclude each other');
  const readingsSeed = values['default-readings'] ? undefined : positiveOrZero('--draw-seed', values['draw-seed']);
  const faults = selectFaults(values.area ?? [], values.fault ?? []);
  const everySuite = !values.area?.length && !values.fault?.length;

  const started = Date.now();
  const scratch = mkdtempSync(join(tmpdir(), 'ems-selfcheck-'));
  try {
    const listing = await listAreaFiles();
    for (const { file, error } of listing.broken) console.log(`selfcheck: ${file} does not load, its tests are left out: ${error}`);
    const planned = planMatrix(faults, listing.filesOf, everySuite);
    const plan = readingsSeed === undefined ? planned : { ...planned, runs: withDrawnReadings(planned.runs, readingsSeed) };
    const faultAreas = new Set(faults.map((fault) => areaOf.get(fault.rule) ?? '?'));
    console.log(
      `selfcheck: ${faults.length} faults in ${faultAreas.size} areas, ${plan.runs.length} runs on ${settings.workers} workers, EMS_RUNS=${settings.runs}, EMS_SEED=${settings.seed}` +
        `; ${readingsSeed === undefined ? 'every fault under the default readings' : `each fault under readings drawn with --draw-seed ${readingsSeed}`}` +
        `; tests found for ${listing.filesOf.size ? [...listing.filesOf.keys()].join(', ') : 'no area'}`,
    );

    const results = new Map<string, FaultResult>();
    for (const fault of plan.untested) results.set(fault.name, printFault(noTests(fault, areaOf.get(fault.rule) ?? '?')));
    const outcomes = new Map<MatrixRun, RunOutcome>();
    const sameSelection = (a: MatrixRun, b: MatrixRun) => a.areas?.join('+') === b.areas?.join('+');
    // A selection's baseline: its own clean run (--area/--fault), else the clean run of every suite cut to the selection.
    const baselineOf = (fault: MatrixRun): RunOutcome | undefined => {
      const own = [...outcomes].find(([run]) => run.kind === 'baseline' && sameSelection(run, fault));
      if (own) return own[1];
      const clean = [...outcomes].find(([run]) => run.kind === 'clean');
      return clean && baselineOfSelection(clean[1], fault.areas ?? []);
    };
    // A fault is judged once its run and its selection's baseline are both done.
    const judge = (run: MatrixRun) => {
      const baseline = baselineOf(run);
      const outcome = outcomes.get(run);
      if (!run.fault || !baseline || !outcome || results.has(run.fault.name)) return;
      const judged = judgeFault(run.fault, run.area!, areaOf, baseline, outcome);
      results.set(run.fault.name, printFault(run.choices ? { ...judged, readings: { ...run.choices } } : judged));
    };
    await runPool(plan.runs, settings, scratch, (run, outcome) => {
      outcomes.set(run, outcome);
      if (run.kind === 'fault') judge(run);
      else for (const other of plan.runs) if (other.kind === 'fault' && (run.kind === 'clean' || sameSelection(other, run))) judge(other);
    });

    const faultResults = faults.map((fault) => results.get(fault.name)!);
    const cleanRun = [...outcomes].find(([run]) => run.kind === 'clean');
    const baselines = [...outcomes].filter(([run]) => run.kind === 'baseline').map(([run, outcome]) => [run.areas!.join('+'), outcome] as const);
    const cleanResult = cleanRun ? cleanCheck('every suite', cleanRun[1]) : cleanOfBaselines(baselines);

    console.log('');
    printClean(cleanResult);
    printAreaTable(faultResults);
    const passed = faultResults.filter((result) => result.status === 'caught').length + (cleanResult.ok ? 1 : 0);
    const failed = faultResults.length + 1 - passed;
    const durationMs = Date.now() - started;
    console.log(`matrix time ${seconds(durationMs)}${values.keep ? `; run folders kept in ${scratch}` : ''}`);
    if (values.json) {
      writeFileSync(values.json, `${JSON.stringify({ ...settings, ...(readingsSeed === undefined ? {} : { drawSeed: readingsSeed }), durationMs, passed, failed, clean: cleanResult, faults: faultResults }, null, 2)}\n`);
    }
    console.log(`${passed} passed, ${failed} failed`);
    return failed > 0 ? 1 : 0;
  } finally {
    if (!values.keep) rmSync(scratch, { recursive: true, force: true });
  }
}

/** The faults of these areas and these names; every fault when neither is given. */
function selectFaults(wantedAreas: string[], names: string[]): Fault[] {
  for (const area of wantedAreas) if (!areas.includes(area)) throw new UsageError(`--area ${area}: unknown area; areas are ${areas.join(', ')}`);
  const known = new Set(FAULTS.map((fault) => fault.name));
  for (const name of names) if (!known.has(name)) throw new UsageError(`--fault ${name}: unknown fault (npm run mock -- --list-faults)`);
  if (wantedAreas.length === 0 && names.length === 0) return [...FAULTS];
  return FAULTS.filter((fault) => wantedAreas.includes(areaOf.get(fault.rule) ?? '') || names.includes(fault.name));
}

/** The draw seed: the given integer (0 or more), else a fresh one. */
function positiveOrZero(flag: string, text: string | undefined): number {
  if (text === undefined) return drawSeed();
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new UsageError(`${flag} ${text}: give an integer, 0 or more`);
  return value;
}

function delayRange(text: string | undefined): [number, number] {
  const [min, max] = (text ?? '').split(',').map(Number);
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min! < 0 || max! < min!) {
    throw new UsageError(`--export-delay-ms ${text}: give MIN,MAX in milliseconds, 0 <= MIN <= MAX`);
  }
  return [min!, max!];
}

stopChildrenOnSignal();
runMain('selfcheck', main);
