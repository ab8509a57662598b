import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { sortBy, sortFirst, type SortKind, type SortSpec } from '../../mock/sorting';

interface Row {
  id: number;
  value: number | string | undefined;
}

const rows = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 10_000 }), value: fc.option(fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constantFrom('a', 'B', 'b', 'c', 'Ab')), { nil: undefined }) }), {
  selector: (row) => row.id,
  maxLength: 300,
});

/** sortFirst (the partial sort of a search page) gives exactly the first items of the full sort. */
describe('sortFirst', () => {
  it('equals the prefix of sortBy for every kind, direction, tie order and count', () => {
    fc.assert(
      fc.property(rows, fc.constantFrom<SortKind>('number', 'datetime', 'text'), fc.boolean(), fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 320 }), (items, kind, descending, tieDescending, numbersAsText, count) => {
        const spec: SortSpec<Row> = {
          value: (row) => (kind === 'text' || typeof row.value !== 'string' ? row.value : row.value.length),
          kind,
          descending,
          tieBreak: (row) => row.id,
          tieDescending,
          numbersAsText,
        };
        assert.deepEqual(sortFirst(items, spec, count), sortBy(items, spec).slice(0, count));
      }),
      { numRuns: 500 },
    );
  });
});
