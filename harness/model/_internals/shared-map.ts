/**
 * An immutable map whose `set` returns a new map sharing every part it did not touch: the model's state is folded
 * one exchange at a time and each state stays valid (the exploration keeps the state before a sequence while it
 * folds the sequence in), so a copy of the whole map per exchange would cost the square of the run's length. The
 * entries sit in a fixed number of buckets; a `set` copies one bucket and the bucket list.
 */
const BUCKETS = 64;

function bucketOf(key: unknown): number {
  if (typeof key === 'number') return Math.abs(Math.trunc(key)) % BUCKETS;
  const text = String(key);
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) hash = (hash * 31 + text.charCodeAt(i)) | 0;
  return Math.abs(hash) % BUCKETS;
}

export class SharedMap<K, V> {
  private constructor(
    private readonly buckets: ReadonlyArray<ReadonlyMap<K, V> | undefined>,
    readonly size: number,
  ) {}

  static empty<K, V>(): SharedMap<K, V> {
    return new SharedMap<K, V>(new Array<undefined>(BUCKETS).fill(undefined), 0);
  }

  get(key: K): V | undefined {
    return this.buckets[bucketOf(key)]?.get(key);
  }

  has(key: K): boolean {
    return this.buckets[bucketOf(key)]?.has(key) ?? false;
  }

  /** A map holding what this one holds, with `key` set to `value`. */
  set(key: K, value: V): SharedMap<K, V> {
    const index = bucketOf(key);
    const bucket = new Map(this.buckets[index]);
    const added = !bucket.has(key);
    bucket.set(key, value);
    const buckets = this.buckets.slice();
    buckets[index] = bucket;
    return new SharedMap(buckets, this.size + (added ? 1 : 0));
  }

  *values(): IterableIterator<V> {
    for (const bucket of this.buckets) if (bucket) yield* bucket.values();
  }
}
