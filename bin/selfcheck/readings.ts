import { Choices, type ChoiceMap } from '../../mock';
import { drawChoices, namedSeed } from '../../mock/choices/draw';
import { faultNeeds } from '../../mock/choices/fault-needs';
import type { MatrixRun } from './plan';

/**
 * The readings of the silent points each fault run's mock takes: a combination drawn from the matrix's draw
 * seed and the fault's name (so `--fault X --draw-seed S` replays the very combination the whole matrix gave
 * X), holding the readings the fault needs (mock/choices/fault-needs.ts). Clean runs and baselines keep the
 * mock's default readings: a fault run's change against its baseline is the fault's or a reading's, and a
 * reading the harness does not tolerate shows as an over-report of that fault.
 */
export function withDrawnReadings(runs: readonly MatrixRun[], drawSeed: number): MatrixRun[] {
  return runs.map((run) => (run.kind === 'fault' && run.fault ? { ...run, choices: drawnReadings(run.fault.name, drawSeed) } : run));
}

/** The readings the matrix draws for a fault, as `--choice` overrides of the mock's default readings. */
export function drawnReadings(fault: string, drawSeed: number): ChoiceMap {
  const [drawn] = drawChoices(namedSeed(drawSeed, fault), 1, faultNeeds(fault));
  return Choices.resolve('default', drawn).overrides();
}

/** `--choice P=R ...` for a fault line: what reproduces the fault run's mock (`npm run mock -- --faults F <this>`). */
export function choiceFlags(choices: ChoiceMap | undefined): string {
  return Object.entries(choices ?? {}).map(([point, reading]) => `--choice ${point}=${reading}`).join(' ');
}
