/**
 * The stateful exploration of the whole interface: random sequences of every operation (reads interleaved
 * with imports, export requests, polls and downloads, with every token the run has), their inputs drawn from
 * the documented parameter space and from the target's own data (drivers/stateful/commands.ts). It decides
 * nothing: its exchanges join the run's, and once the run's last exchange is in, every rule's judge reads
 * them with all the others (harness/runner/whole-run.ts). The run's seed draws the sequences; the same seed
 * against the same data sends the same requests. The model is the oracle of each sequence: one whose answers
 * it rejects is shrunk, and the report shows the shortest with its seed and path (ctx.sequences).
 */
import fc from 'fast-check';
import type { ExplorationContext, TokenChoice } from '../../harness/check';
import { formatDatetime } from '../../harness/oracles';
import { AddressBook, LANES, RangeLane, runPrefix } from '../../generators';
import { maxRpp } from '../search';
import { stepArbitrary, type Explorer, type Step } from './commands';
import { Learned } from './learned';
import { sendPairwise } from './pairwise-requests';
import { relationProbes } from './relation-probes';

export { Learned, type LearnedEmail, type LearnedGroup, type LearnedJob } from './learned';
export { stepArbitrary, type Explorer, type Step } from './commands';

/** How many sequences a run explores, and how long each is at most. */
export const sequencesFor = (runs: number): number => Math.max(3, Math.ceil(runs / 4));
export const MAX_STEPS = 15;

/** Reads a first sample of the data, so that the first sequences draw data-derived values too. */
async function readSample(explorer: Explorer): Promise<void> {
  const send = async (op: 'groups.search' | 'emails.search', params: Record<string, unknown>) => {
    const response = await explorer.api.call(op, { method: 'GET', params: { ...params, rpp: maxRpp(op) }, allowTransportFailure: true });
    explorer.learned.learn(response);
  };
  await send('groups.search', { status: 'All' });
  await send('emails.search', { deliveryType: 'manual', status: ['draft', 'scheduled', 'sent'] });
  await send('emails.search', { deliveryType: 'automated', automatedResults: 'detail' });
  await send('emails.search', { deliveryType: 'transactional' });
}

export async function exploreInterface(ctx: ExplorationContext): Promise<void> {
  const { target } = ctx;
  const roles = (['full', 'app', 'noGroups', 'noImport'] as const).filter((role) => target.tokens[role]);
  const explorer: Explorer = {
    api: ctx.api,
    learned: new Learned(target.profile),
    tokens: roles as TokenChoice[],
    writes: target.allowWrites,
    book: new AddressBook(`${runPrefix()}-s`),
    exportRanges: new RangeLane(LANES.stateful, target.seed),
    formatDatetime: (date) => formatDatetime(date, target.profile.datetime.format),
    queryRepeatsKeys: target.profile.request.queryArrays === 'repeat',
    created: (email) => ctx.createdContacts.record({ email }),
  };
  await readSample(explorer);
  await sendPairwise(explorer);
  const run = async (steps: Step[]) => {
    for (const step of steps) {
      if (Date.now() > target.deadline) return;
      await step.run(explorer);
    }
  };
  // Each relation of the model once, as one sequence a deviation shrinks (a subsequence keeps its steps' order).
  const probes = relationProbes(explorer.writes);
  await ctx.sequences(fc.subarray(probes, { minLength: 1 }), run, { numRuns: 1, examples: [probes] });
  const sequences = fc.array(stepArbitrary(explorer.writes), { minLength: 1, maxLength: MAX_STEPS });
  // The model is the oracle of every sequence: one whose answers it rejects shrinks (harness/runner/explore.ts).
  await ctx.sequences(sequences, run, { numRuns: sequencesFor(target.runs) });
}
