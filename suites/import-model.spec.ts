import { AddressBook, runPrefix } from '../generators';
import { ruleOfTag, test } from '../harness/core';
import { groupDirectory, staticGroupsFor, Unjudgeable } from './support/import';
import { runSequence, stepSequences, type ModelRule, type SequenceOptions } from './support/import-model';

/** Every address this file creates: run-unique, on the reserved example.com domain. */
const book = new AddressBook(runPrefix());

/**
 * Sequences are short and each step costs three requests: a modest number of them, but never fewer than
 * a handful, since a sequence judges a rule only when it happens to exercise it.
 */
const SEQUENCES = { most: 10, least: 5 };

const cases: Array<{ tag: `@rule:${ModelRule}`; title: string; options?: SequenceOptions }> = [
  {
    tag: '@rule:contacts.import.groupIDs.add',
    title: 'imported contacts join every static group of groupIDs, as a membership model predicts',
    options: { focus: 'join' },
  },
  {
    tag: '@rule:contacts.import.removeGroupIDs',
    title: 'imported contacts leave every group of removeGroupIDs, as a membership model predicts',
    options: { focus: 'leave' },
  },
  {
    tag: '@rule:contacts.import.updateExisting.off-groups',
    title: 'with updateExisting 0 existing contacts still join and leave groups, as a membership model predicts',
    options: { focus: 'move' },
  },
  { tag: '@rule:contacts.import.counts.agree', title: 'recordsInserted and recordsUpdated agree with the row flags along import sequences' },
];

test.describe('contacts/import membership model', () => {
  // Imports change shared group member counts: these tests run one after another on one worker
  // (a failing test does not skip the rest), on groups contacts-import.spec.ts never touches.
  test.describe.configure({ mode: 'default' });

  for (const { tag, title, options } of cases) {
    const rule = ruleOfTag(tag) as ModelRule;
    test(title, { tag: [tag] }, async ({ api, judge, target, createdContacts }) => {
      if (!judge.needs(rule)) return;
      let pool: number[];
      try {
        pool = staticGroupsFor('import-model', await groupDirectory(api));
      } catch (error) {
        if (!(error instanceof Unjudgeable)) throw error;
        return judge.inconclusive(rule, error.message);
      }
      if (pool.length === 0) return judge.inconclusive(rule, 'the target has too few Active Static groups: the model needs one beyond the two contacts-import.spec.ts uses');

      // A failing sequence is shrunk and reported as its numbered steps (new contacts named c1, c2, ...).
      await judge.property(rule, stepSequences(pool, options), async (sequence, sample) => {
        await runSequence(sequence, { api, target, createdContacts, book, pool, rule, sample });
      }, { numRuns: Math.max(SEQUENCES.least, Math.min(target.runs, SEQUENCES.most)) });
    });
  }
});
