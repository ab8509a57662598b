import type { Choices } from '../choices/choices';
import type { SortSpec } from '../sorting';

/**
 * The parts of a search's sort that silent points decide, for both searches: the tie order (search.tie-order:
 * the record ID ascending, descending, or in the sort's direction), where records without a value go
 * (search.absent-in-sort) and how text compares (search.text-collation).
 */
export function searchOrder(choices: Choices, descending: boolean): Pick<SortSpec<unknown>, 'tieDescending' | 'absent' | 'collation'> {
  return {
    tieDescending: choices.is('search.tie-order', 'id-descending') || (choices.is('search.tie-order', 'id-in-direction') && descending),
    absent: choices.reading('search.absent-in-sort'),
    collation: choices.reading('search.text-collation'),
  };
}
