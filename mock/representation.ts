import type { Choices } from './choices/choices';
import { formatIsoDatetime, formatServiceDatetime } from './datetime';
import type { FaultSwitch } from './faults';

/** How a field shows its absence under records.absent-value=empty-string: "" (as the real service), 0, or no key. */
export type AbsentForm = '' | 0 | 'omit';

/**
 * How values appear in records. By default absent values are omitted (no null, no "") and booleans are
 * JSON booleans; with quirks on, absent values are "" and booleans 0/1, as the real service sends them.
 * records.absent-value=empty-string: dates never set are "", other absent values per field ("" / 0 / no key);
 * records.boolean-form=integer: booleans 0/1.
 */
export class Representation {
  constructor(
    private readonly quirks: boolean,
    private readonly faults: FaultSwitch,
    private readonly choices: Choices,
  ) {}

  /** A datetime, or absent. */
  datetime(ms: number | undefined): string | undefined {
    if (ms === undefined) return this.choices.is('records.absent-value', 'empty-string') ? '' : this.absent();
    return this.faults.has('envelope-iso-datetimes') ? formatIsoDatetime(ms) : formatServiceDatetime(ms);
  }

  /** A value that may be absent (IDs never set); `absentForm` is how this field shows its absence under records.absent-value=empty-string. */
  optional<T>(value: T | undefined, absentForm: AbsentForm = ''): T | '' | 0 | undefined {
    if (value !== undefined) return value;
    if (this.choices.is('records.absent-value', 'empty-string') && !this.quirks) return absentForm === 'omit' ? undefined : absentForm;
    return this.absent();
  }

  boolean(value: boolean): boolean | 0 | 1 {
    if (!this.quirks && this.choices.is('records.boolean-form', 'boolean')) return value;
    return value ? 1 : 0;
  }

  private absent(): '' | undefined {
    return this.quirks ? '' : undefined;
  }
}
