import { parseDate, parseDatetime } from './datetime';
import { invalidParameter } from './errors';

/** A JSON body as the mock reads it: an object (an empty object when the request has no body). */
export type JsonObject = Record<string, unknown>;

const INTEGER_TEXT = /^[+-]?\d+$/;

/** How parameters are read where the documents are silent. */
export interface ParamsReading {
  /** requests.enum-case=exact: enums matched exactly as spelled (default: any letter case). */
  exactEnums?: boolean;
  /** requests.repeated-parameter=last-wins: a scalar given twice in the query string takes the last value (default: refused). */
  lastRepeatedWins?: boolean;
}

/**
 * The parameters of one request: the query string and (for POST) the JSON body. When both carry a name,
 * the query string wins. Readers return undefined when the name is absent and throw an invalid-parameter
 * error when its value has the wrong type; they never guess.
 */
export class Params {
  constructor(
    private readonly query: URLSearchParams,
    private readonly body: JsonObject,
    private readonly reading: ParamsReading = {},
  ) {}

  has(name: string): boolean {
    return this.query.has(name) || (this.body[name] !== undefined && this.body[name] !== null);
  }

  /** The value as sent: a string or string list from the query string, any JSON value from the body. */
  raw(name: string): unknown {
    if (this.query.has(name)) {
      const values = this.query.getAll(name);
      return values.length === 1 ? values[0] : values;
    }
    return this.body[name];
  }

  /** Every parameter name the request carries (query string and body). */
  names(): string[] {
    return [...new Set([...this.query.keys(), ...Object.keys(this.body)])];
  }

  inQuery(name: string): boolean {
    return this.query.has(name);
  }

  string(name: string): string | undefined {
    const value = this.scalar(name);
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    throw invalidParameter(`${name} must be a string`);
  }

  integer(name: string): number | undefined {
    const value = this.scalar(name);
    if (value === undefined) return undefined;
    const parsed = toInteger(value);
    if (parsed === undefined) throw invalidParameter(`${name} must be an integer, got ${JSON.stringify(value)}`);
    return parsed;
  }

  /** An integer read the forgiving way (truncating decimals, ignoring junk); used only by faults. */
  forgivingInteger(name: string): number | undefined {
    const value = this.scalar(name);
    const parsed = Number.parseInt(String(value), 10);
    return Number.isNaN(parsed) ? undefined : parsed;
  }

  /** 0/1/true/false (any case) in the query string; the same or a JSON boolean in the body. */
  boolean(name: string): boolean | undefined {
    const value = this.scalar(name);
    if (value === undefined) return undefined;
    const text = String(value).toLowerCase();
    if (text === '1' || text === 'true') return true;
    if (text === '0' || text === 'false') return false;
    throw invalidParameter(`${name} must be a boolean (0, 1, true or false), got ${JSON.stringify(value)}`);
  }

  /** Repeated keys and/or comma lists in the query string; an array, a comma list or one value in the body. */
  stringList(name: string): string[] | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const items = (Array.isArray(value) ? value : [value]).flatMap((item) => {
      if (typeof item === 'string') return item.split(',').map((part) => part.trim());
      if (typeof item === 'number') return [String(item)];
      throw invalidParameter(`${name} must be a list of values`);
    });
    if (items.some((item) => item === '')) throw invalidParameter(`${name} holds an empty value`);
    return items;
  }

  integerList(name: string): number[] | undefined {
    const items = this.stringList(name);
    return items?.map((item) => {
      const parsed = toInteger(item);
      if (parsed === undefined) throw invalidParameter(`${name} must be a list of integers, got ${JSON.stringify(item)}`);
      return parsed;
    });
  }

  /**
   * One of allowed, compared case-insensitively; returned as spelled in allowed. forgiving (faults only):
   * an unknown value reads as absent instead of being refused.
   */
  choice<T extends string>(name: string, allowed: readonly T[], forgiving = false): T | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    const found = matchChoice(value, allowed, this.reading.exactEnums === true);
    if (found === undefined && !forgiving) throw invalidParameter(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
    return found;
  }

  choiceList<T extends string>(name: string, allowed: readonly T[], dropUnknown = false): T[] | undefined {
    const items = this.stringList(name);
    if (items === undefined) return undefined;
    const found: T[] = [];
    for (const item of items) {
      const choice = matchChoice(item, allowed, this.reading.exactEnums === true);
      if (choice !== undefined) found.push(choice);
      else if (!dropUnknown) throw invalidParameter(`${name} values must be among ${allowed.join(', ')}, got "${item}"`);
    }
    return found;
  }

  /**
   * A datetime (YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or ISO 8601) as epoch milliseconds. zonelessIsoOffsetMs (a fault
   * only): ISO 8601 with T and no zone designator read at that offset from GMT.
   */
  datetime(name: string, zonelessIsoOffsetMs = 0): number | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    const parsed = parseDatetime(value, zonelessIsoOffsetMs);
    if (parsed === undefined) throw invalidParameter(`${name} must be a datetime like 2024-05-01 12:00:00, got "${value}"`);
    return parsed;
  }

  /** A strict YYYY-MM-DD date, returned as text. */
  date(name: string): string | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if (parseDate(value) === undefined) throw invalidParameter(`${name} must be a date YYYY-MM-DD, got "${value}"`);
    return value;
  }

  /** All parameters as a query string (query wins, lists as repeated keys): a GET request equal to this one. */
  toQuery(): URLSearchParams {
    const merged = new URLSearchParams();
    for (const [name, value] of Object.entries(this.body)) {
      if (this.query.has(name) || value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value))) continue;
      for (const item of Array.isArray(value) ? value : [value]) merged.append(name, String(item));
    }
    for (const [name, value] of this.query) merged.append(name, value);
    return merged;
  }

  private scalar(name: string): unknown {
    const sent = this.raw(name);
    const value = this.reading.lastRepeatedWins === true && Array.isArray(sent) && this.query.has(name) ? sent.at(-1) : sent;
    if (Array.isArray(value)) {
      throw invalidParameter(this.query.has(name) ? `${name} is given more than once` : `${name} must be a single value, not a list`);
    }
    if (value !== null && typeof value === 'object') throw invalidParameter(`${name} must be a single value, not an object`);
    return value === null ? undefined : value;
  }
}

function toInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string' || !INTEGER_TEXT.test(value.trim())) return undefined;
  const parsed = Number(value.trim());
  return Number.isSafeInteger(parsed) ? parsed : undefined;
}

function matchChoice<T extends string>(value: string, allowed: readonly T[], exact = false): T | undefined {
  if (exact) return allowed.find((choice) => choice === value.trim());
  const wanted = value.trim().toLowerCase();
  return allowed.find((choice) => choice.toLowerCase() === wanted);
}
