/**
 * Plans of the imports an import sequence runs: fresh and existing contacts of the sequence,
 * groupIDs / removeGroupIDs over a pool of groups, updateExisting absent, 1 or 0.
 */
import fc from 'fast-check';

/** updateExisting as a step sends it: absent (the documented default), 1 or 0. */
export type UpdateChoice = 'absent' | 1 | 0;

export interface ImportPlan {
  /** Fresh contacts to create. */
  fresh: number;
  /** Existing contacts of the sequence, as indexes taken modulo the number known. */
  existing: number[];
  /** Pool indexes of groupIDs and removeGroupIDs (disjoint). */
  add: number[];
  remove: number[];
  updateExisting: UpdateChoice;
}

/**
 * Imports a property draws more often, besides any import: `join` (new and existing contacts into two or
 * more groups), `leave` (existing contacts out of groups, updateExisting absent or 1), `move` (existing
 * contacts into and out of groups with updateExisting 0).
 */
export type StepFocus = 'join' | 'leave' | 'move';

/** The existing contacts a plan picks when `known` contacts exist (deduplicated, in pick order). */
export function existingPicks(plan: ImportPlan, known: number): number[] {
  return known === 0 ? [] : [...new Set(plan.existing.map((pick) => pick % known))];
}

interface PlanParts {
  fresh: fc.Arbitrary<number>;
  existing: fc.Arbitrary<number[]>;
  groups: fc.Arbitrary<number[]>;
  /** Where groups are cut into groupIDs (before) and removeGroupIDs (after); random when absent. */
  cut?: 'all-add' | 'all-remove';
  updateExisting: fc.Arbitrary<UpdateChoice>;
}

function plan(parts: PlanParts): fc.Arbitrary<ImportPlan> {
  return fc
    .record({ fresh: parts.fresh, existing: parts.existing, groups: parts.groups, updateExisting: parts.updateExisting, split: fc.nat() })
    .filter((drawn) => drawn.fresh + drawn.existing.length > 0)
    .map(({ fresh, existing, groups, split, updateExisting }): ImportPlan => {
      const cut = parts.cut === 'all-add' ? groups.length : parts.cut === 'all-remove' ? 0 : split % (groups.length + 1);
      return { fresh, existing, add: groups.slice(0, cut), remove: groups.slice(cut), updateExisting };
    });
}

const upTo = (max: number, min = 0) => fc.array(fc.nat({ max: 20 }), { minLength: min, maxLength: max });

/** Import plans over a pool of `poolSize` groups; with a focus, its imports are drawn twice as often as any import. */
export function importPlans(poolSize: number, focus?: StepFocus): fc.Arbitrary<ImportPlan> {
  const indexes = Array.from({ length: poolSize }, (_, index) => index);
  const anyImport = plan({
    fresh: fc.integer({ min: 0, max: 3 }),
    existing: upTo(3),
    groups: fc.shuffledSubarray(indexes),
    updateExisting: fc.constantFrom<UpdateChoice>('absent', 1, 0),
  });
  const focused: Record<StepFocus, () => fc.Arbitrary<ImportPlan>> = {
    join: () =>
      plan({
        fresh: fc.integer({ min: 1, max: 3 }),
        existing: upTo(2),
        groups: fc.shuffledSubarray(indexes, { minLength: Math.min(2, indexes.length) }),
        cut: 'all-add',
        updateExisting: fc.constantFrom<UpdateChoice>('absent', 1),
      }),
    leave: () =>
      plan({
        fresh: fc.integer({ min: 0, max: 1 }),
        existing: upTo(3, 1),
        groups: fc.shuffledSubarray(indexes, { minLength: 1 }),
        cut: 'all-remove',
        updateExisting: fc.constantFrom<UpdateChoice>('absent', 1),
      }),
    move: () =>
      plan({
        fresh: fc.integer({ min: 0, max: 2 }),
        existing: upTo(3, 1),
        groups: fc.shuffledSubarray(indexes, { minLength: 1 }),
        updateExisting: fc.constant<UpdateChoice>(0),
      }),
  };
  return focus ? fc.oneof({ weight: 1, arbitrary: anyImport }, { weight: 2, arbitrary: focused[focus]() }) : anyImport;
}
