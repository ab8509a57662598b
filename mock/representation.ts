import { formatIsoDatetime, formatServiceDatetime } from './datetime';
import type { FaultSwitch } from './faults';

/** How the alt variant shows an absent value of one field: "" (as the real service), 0, or no key. */
export type AltAbsent = '' | 0 | 'omit';

/**
 * How values appear in records. By default absent values are omitted (no null, no "") and booleans are
 * JSON booleans; with quirks on, absent values are "" and booleans 0/1, as the real service sends them.
 * The alt variant: dates never set are "", other absent values per field ("" / 0 / no key), booleans 0/1.
 */
export class Representation {
  constructor(
    private readonly quirks: boolean,
    private readonly faults: FaultSwitch,
    private readonly alt = false,
  ) {}

  /** A datetime, or absent. */
  datetime(ms: number | undefined): string | undefined {
    if (ms === undefined) return this.alt ? '' : this.absent();
    return this.faults.has('envelope-iso-datetimes') ? formatIsoDatetime(ms) : formatServiceDatetime(ms);
  }

  /** A value that may be absent (IDs never set); `altAbsent` is how the alt variant shows this field's absence. */
  optional<T>(value: T | undefined, altAbsent: AltAbsent = ''): T | '' | 0 | undefined {
    if (value !== undefined) return value;
    if (this.alt && !this.quirks) return altAbsent === 'omit' ? undefined : altAbsent;
    return this.absent();
  }

  boolean(value: boolean): boolean | 0 | 1 {
    if (!this.quirks && !this.alt) return value;
    return value ? 1 : 0;
  }

  private absent(): '' | undefined {
    return this.quirks ? '' : undefined;
  }
}
