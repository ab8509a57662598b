import fc from 'fast-check';
import type { IntegerBounds } from './spec-params';

/** Integers inside the bounds, edges favoured. */
export function integerWithin({ min, max }: IntegerBounds): fc.Arbitrary<number> {
  const upper = max ?? min + 1000;
  return fc.oneof(fc.constantFrom(min, upper), fc.integer({ min, max: upper }));
}

/**
 * Values a parameter with these bounds must refuse: just across each edge, far across it,
 * a non-integer inside the range and a non-number.
 */
export function integerOutside({ min, max }: IntegerBounds): fc.Arbitrary<number | string> {
  const below = fc.oneof(fc.constant(min - 1), fc.integer({ min: -1_000_000, max: min - 1 }));
  const nonInteger = fc.integer({ min, max: (max ?? min + 1000) - 1 }).map((n) => n + 0.5);
  const nonNumber = fc.constantFrom('abc', '1e', 'ten');
  const arbitraries: fc.Arbitrary<number | string>[] = [below, nonInteger, nonNumber];
  if (max !== undefined) arbitraries.push(fc.oneof(fc.constant(max + 1), fc.integer({ min: max + 1, max: max * 1000 })));
  return fc.oneof(...arbitraries);
}
