/**
 * Random sequences of imports and group searches over the model's pool, run against the target and
 * judged against the membership model; a failing sequence shrinks to a numbered list of steps.
 */
import fc from 'fast-check';
import { existingPicks, importPlans, type StepFocus } from '../../generators';
import { Unjudged, type CheckContext } from '../../harness/core';
import { addresses } from '../shared/addresses';
import { groupDirectory, memberCounts, modelGroups } from './groups';
import { describeImport, MembershipModel, type Claim, type ModelWorld } from './membership-model';
import { ImportStep, SearchStep, type ModelCommand } from './model-steps';

/** A sequence of steps; in a report it reads as a numbered list of calls. */
export interface StepSequence {
  steps: Iterable<ModelCommand>;
  toJSON(): string[];
}

/** Random sequences of imports (three in four steps) and group searches over the pool, at most `maxSteps` steps. */
export function stepSequences(pool: number[], focus?: StepFocus, maxSteps = 8): fc.Arbitrary<StepSequence> {
  const importStep = importPlans(pool.length, focus).map((plan): ModelCommand => new ImportStep(plan, pool));
  const searchStep = fc.constantFrom<'GET' | 'POST'>('GET', 'POST').map((method): ModelCommand => new SearchStep(method, pool));
  const commands = fc.commands<MembershipModel, ModelWorld, false>([importStep, importStep, importStep, searchStep], { maxCommands: maxSteps, size: 'max' });
  return commands.map((steps) => ({ steps, toJSON: () => numberedSteps(steps, pool) }));
}

/** The steps of a sequence as they run: numbered, new contacts named c1, c2, ... in creation order. */
function numberedSteps(steps: Iterable<ModelCommand>, pool: number[]): string[] {
  const lines: string[] = [];
  let known = 0;
  for (const item of steps) {
    // fast-check wraps each command; its toString is the command's.
    const inner = (item as { cmd?: unknown }).cmd;
    const command = inner instanceof ImportStep || inner instanceof SearchStep ? inner : item;
    if (command instanceof SearchStep) {
      lines.push(`${lines.length + 1}. ${command.toString()}`);
    } else if (command instanceof ImportStep) {
      const { plan } = command;
      if (!(plan.fresh > 0 || (plan.existing.length > 0 && known > 0))) continue;
      const names = [
        ...Array.from({ length: plan.fresh }, (_, index) => `c${known + index + 1} (new)`),
        ...existingPicks(plan, known).map((index) => `c${index + 1}`),
      ];
      known += plan.fresh;
      lines.push(`${lines.length + 1}. ${describeImport(plan, pool, names)}`);
    } else {
      lines.push(`${lines.length + 1}. ${String(item)}`);
    }
  }
  return lines;
}

/** Runs one sequence against the target; returns whether a step judged the world's claim. */
async function runSequence(sequence: StepSequence, world: Omit<ModelWorld, 'log'>): Promise<boolean> {
  const real: ModelWorld = { ...world, log: [] };
  let model: MembershipModel | undefined;
  await fc.asyncModelRun(async () => {
    model = new MembershipModel(world.pool, await memberCounts(real.api, world.pool));
    return { model, real };
  }, sequence.steps);
  return model?.judged === true;
}

/**
 * Sequences are short and each step costs three requests: a modest number of them, but never fewer than
 * a handful, since a sequence judges a claim only when it happens to exercise it.
 */
const SEQUENCES = { most: 10, least: 5 };

/** Judges the check's rule along random import sequences, as the membership model predicts (its claim). */
export async function judgeAlongSequences(ctx: CheckContext, claim: Claim): Promise<void> {
  const { api, judge, target } = ctx;
  let pool: number[];
  try {
    pool = modelGroups(await groupDirectory(api));
  } catch (error) {
    if (!(error instanceof Unjudged)) throw error;
    return judge.inconclusive(error.message);
  }
  if (pool.length === 0) return judge.inconclusive('the target has too few Active Static groups: the model needs one beyond the two the example checks use');

  // A failing sequence is shrunk and reported as its numbered steps (new contacts named c1, c2, ...).
  const focus = claim === 'counts' ? undefined : claim;
  await judge.property(stepSequences(pool, focus), async (sequence, sample) => {
    const judged = await runSequence(sequence, { api, target, createdContacts: ctx.createdContacts, book: addresses, pool, claim, sample });
    if (!judged) sample.inconclusive(`no step of the sequence exercised ${judge.rule}`);
  }, { numRuns: Math.max(SEQUENCES.least, Math.min(target.runs, SEQUENCES.most)) });
}
