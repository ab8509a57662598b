/**
 * The mock's variants: named sets of readings of the silent points (mock/choices/). `default` takes every
 * point's `mock.default` reading of spec/silent-points.yaml (the reference behaviour mock/README.md
 * describes); `alt` takes every point's `mock.alt`, the other reasonable reading, while keeping every
 * documented sentence and the service-facts.md conventions the service profile relies on. `--choice P=R`
 * sets one point over either. A conformance run against `alt` is the harness's second opinion: a check that
 * fails there judges a point the documents leave open.
 */
export const VARIANTS = ['default', 'alt'] as const;
export type Variant = (typeof VARIANTS)[number];

export function parseVariant(text: string | undefined): Variant {
  const value = (text ?? '').trim().toLowerCase();
  if (value === '') return 'default';
  const found = VARIANTS.find((variant) => variant === value);
  if (!found) throw new RangeError(`variant must be one of ${VARIANTS.join(', ')}, got "${text}"`);
  return found;
}
