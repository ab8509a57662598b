import { formatIsoDatetime, formatServiceDatetime } from './datetime';
import type { FaultSwitch } from './faults';

/**
 * How values appear in records. By default absent values are omitted (no null, no "") and booleans are
 * JSON booleans; with quirks on, absent values are "" and booleans 0/1, as the real service sends them.
 */
export class Representation {
  constructor(
    private readonly quirks: boolean,
    private readonly faults: FaultSwitch,
  ) {}

  /** A datetime, or absent. */
  datetime(ms: number | undefined): string | undefined {
    if (ms === undefined) return this.absent();
    return this.faults.has('envelope-iso-datetimes') ? formatIsoDatetime(ms) : formatServiceDatetime(ms);
  }

  /** A value that may be absent (IDs never set). */
  optional<T>(value: T | undefined): T | '' | undefined {
    return value === undefined ? this.absent() : value;
  }

  boolean(value: boolean): boolean | 0 | 1 {
    if (!this.quirks) return value;
    return value ? 1 : 0;
  }

  private absent(): '' | undefined {
    return this.quirks ? '' : undefined;
  }
}
