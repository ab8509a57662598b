import type fc from 'fast-check';
import type { OperationKey } from '../harness/types';
import { integerOutside, integerWithin } from './integers';
import { boundsOf } from './spec-params';

/** rpp values the spec allows (1..250 in interface.md), edges favoured. */
export const rppWithin = (op: OperationKey): fc.Arbitrary<number> => integerWithin(boundsOf(op, 'rpp'));

/** rpp values the spec forbids: 0, negative, above the maximum, non-integer, non-number. */
export const rppOutside = (op: OperationKey): fc.Arbitrary<number | string> => integerOutside(boundsOf(op, 'rpp'));

/**
 * One rpp of each part the bounds name, sent whatever the property draws, so every part of "1 to 250 accepted;
 * 0, negative, above 250 or non-integer refused" is exercised: both edges within, 0, a negative, max + 1, a
 * fraction, a non-number.
 */
export function rppEdgeCases(op: OperationKey): { rpp: number | string; valid: boolean }[] {
  const { min = 1, max = 250 } = boundsOf(op, 'rpp');
  return [
    { rpp: min, valid: true },
    { rpp: max, valid: true },
    ...(min > 0 ? [{ rpp: 0, valid: false }] : []),
    { rpp: Math.min(-1, min - 1), valid: false },
    { rpp: max + 1, valid: false },
    { rpp: min + 0.5, valid: false },
    { rpp: 'abc', valid: false },
  ];
}

/** page values the spec forbids: below the minimum, non-integer, non-number. */
export const pageOutside = (op: OperationKey): fc.Arbitrary<number | string> => {
  const { min } = boundsOf(op, 'page');
  return integerOutside({ min });
};

/** Small rpp values for paging through a result in several pages. */
export const rppForPaging = (op: OperationKey): fc.Arbitrary<number> => {
  const { min } = boundsOf(op, 'rpp');
  return integerWithin({ min, max: min + 9 });
};
