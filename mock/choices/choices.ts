import { loadSilentPoints } from '../../harness/contract';
import type { Variant } from '../variant';
import { CATALOGUED_READINGS, MOCK_ONLY_POINTS, POINT_IDS, isCatalogued, mockReadings, type PointID, type ReadingOf } from './points';

/** Point ID -> reading ID, as given (`--choice P=R`, EMS_MOCK_CHOICES, startMock's `choices`). */
export type ChoiceMap = Readonly<Record<string, string>>;

/**
 * The reading the mock takes at every point it varies (mock/choices/points.ts): the variant's reading of each
 * (its `mock.default` or `mock.alt` in spec/silent-points.yaml, or the mock-only point's), with the given
 * choices over them. Each branch of the mock that depends on a silent point asks `is(point, reading)`.
 */
export class Choices {
  private constructor(
    private readonly readings: ReadonlyMap<PointID, string>,
    /** The variant the readings start from. */
    readonly variant: Variant,
  ) {}

  /** The variant's readings with `overrides` over them; an unknown point or reading throws a one-line RangeError. */
  static resolve(variant: Variant = 'default', overrides: ChoiceMap = {}): Choices {
    const readings = new Map(POINT_IDS.map((point) => [point, variantReading(point, variant)]));
    for (const [point, reading] of Object.entries(overrides)) readings.set(checkedPoint(point), checkedReading(point as PointID, reading));
    return new Choices(readings, variant);
  }

  is<P extends PointID>(point: P, reading: ReadingOf<P>): boolean {
    return this.readings.get(point) === reading;
  }

  reading<P extends PointID>(point: P): ReadingOf<P> {
    return this.readings.get(point) as ReadingOf<P>;
  }

  /** Every point with its reading, in POINT_IDS order. */
  entries(): [PointID, string][] {
    return [...this.readings];
  }

  /** The points whose reading differs from the variant's, as a ChoiceMap (what `--choice` would have to say). */
  overrides(): Record<string, string> {
    const base = Choices.resolve(this.variant);
    return Object.fromEntries(this.entries().filter(([point, reading]) => base.readings.get(point) !== reading));
  }
}

/** The reading a variant takes at a point: the catalogue's mock entry, or the mock-only point's. */
function variantReading(point: PointID, variant: Variant): string {
  if (!isCatalogued(point)) return MOCK_ONLY_POINTS[point][variant];
  const entry = loadSilentPoints().points.find((candidate) => candidate.id === point);
  const reading = entry?.mock?.[variant] ?? entry?.mock?.default;
  if (reading === undefined || !(CATALOGUED_READINGS[point] as readonly string[]).includes(reading)) {
    throw new Error(`spec/silent-points.yaml: the mock's ${variant} reading of ${point} is ${reading ?? 'not named'}, not one the mock takes (mock/choices/points.ts)`);
  }
  return reading;
}

function checkedPoint(point: string): PointID {
  if (mockReadings(point)) return point as PointID;
  throw new RangeError(`no point "${point}" the mock varies; points: ${POINT_IDS.join(', ')}`);
}

function checkedReading(point: PointID, reading: string): string {
  const takes = mockReadings(point) ?? [];
  if (takes.includes(reading)) return reading;
  const catalogued = isCatalogued(point) ? loadSilentPoints().points.find((candidate) => candidate.id === point)?.readings : undefined;
  if (catalogued && Object.hasOwn(catalogued, reading)) {
    throw new RangeError(`the mock does not take reading "${reading}" of ${point}; it takes ${takes.join(', ')}`);
  }
  throw new RangeError(`${point} has no reading "${reading}"; readings: ${takes.join(', ')}`);
}

/** `POINT=READING` -> [point, reading]; anything else throws a one-line RangeError. */
export function parseChoice(text: string): [string, string] {
  const match = /^\s*([^=\s]+)\s*=\s*([^=\s]+)\s*$/.exec(text);
  if (!match) throw new RangeError(`a choice reads POINT=READING (e.g. paging.empty-total-pages=one), got "${text}"`);
  return [match[1]!, match[2]!];
}

/** Choices as `--choice` gives them (repeatable) or EMS_MOCK_CHOICES ("P=R,P=R"); a point chosen twice throws. */
export function parseChoices(texts: readonly string[]): Record<string, string> {
  const choices: Record<string, string> = {};
  for (const text of texts.flatMap((item) => item.split(',')).filter((item) => item.trim() !== '')) {
    const [point, reading] = parseChoice(text);
    if (Object.hasOwn(choices, point)) throw new RangeError(`${point} is chosen twice (${choices[point]}, ${reading})`);
    choices[point] = reading;
  }
  return choices;
}

/** A ChoiceMap as `P=R,P=R` (EMS_MOCK_CHOICES), points in the order given. */
export function formatChoices(choices: ChoiceMap): string {
  return Object.entries(choices).map(([point, reading]) => `${point}=${reading}`).join(',');
}
