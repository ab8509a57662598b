/** A small seeded pseudo-random generator (mulberry32): the same seed always gives the same sequence. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** Up to count distinct items of items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T,
    chance: (probability) => next() < probability,
    sample: <T>(items: readonly T[], count: number): T[] => {
      const chosen = new Set<number>();
      const wanted = Math.min(count, items.length);
      while (chosen.size < wanted) chosen.add(int(0, items.length - 1));
      return [...chosen].map((index) => items[index] as T);
    },
  };
}

/** An upper-case GUID drawn from random (deterministic for a seeded generator). */
export function randomGuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = (8 + random.int(0, 3)).toString(16);
  const text = hex.join('').toUpperCase();
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
