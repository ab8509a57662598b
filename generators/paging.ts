import type fc from 'fast-check';
import type { OperationKey } from '../harness/types';
import { integerOutside, integerWithin } from './integers';
import { boundsOf } from './spec-params';

/** rpp values the spec allows (1..250 in interface.md), edges favoured. */
export const rppWithin = (op: OperationKey): fc.Arbitrary<number> => integerWithin(boundsOf(op, 'rpp'));

/** rpp values the spec forbids: 0, negative, above the maximum, non-integer, non-number. */
export const rppOutside = (op: OperationKey): fc.Arbitrary<number | string> => integerOutside(boundsOf(op, 'rpp'));

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
