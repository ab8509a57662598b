/**
 * The one place a report clips a body or a value (the HTML page and junit.xml alike): what shows the failure,
 * never a cut in mid-structure. A JSON value is pruned, not sliced: along the evidence's JSON pointer every level
 * keeps the member or item on the path and the scalars beside it, and summarizes the rest ("... 62 more items");
 * without a pointer the first items and the first levels stay. The whole value is in conformance.json.
 */

/** A value whose indented JSON is at most this long is shown whole. */
export const WHOLE_CHARS = 1000;
/** The most characters of an excerpt (a long string at the pointer is cut here). */
const EXCERPT_CHARS = 1400;
/** Items of an array kept where no pointer leads: the first few. */
const FIRST_ITEMS = 2;
/** Levels kept where no pointer leads: deeper containers are summarized. */
const LEVELS = 3;

export interface Excerpt {
  text: string;
  /** How the text was clipped, for the line under it; absent when the value is shown whole. */
  note?: string;
}

/** A value as text (strings as they are, the rest as indented JSON), pruned around `pointer` when it is too long. */
export function excerpt(value: unknown, pointer?: string): Excerpt {
  if (typeof value === 'string') return textExcerpt(value);
  const whole = JSON.stringify(value, null, 2) ?? String(value);
  if (whole.length <= WHOLE_CHARS) return { text: whole };
  const path = pointer === undefined ? undefined : tokensOf(pointer);
  const onPath = path !== undefined && resolves(value, path);
  const pruned = JSON.stringify(onPath ? along(value, path) : summarized(value, LEVELS), null, 2) ?? '';
  const text = pruned.length > EXCERPT_CHARS ? `${pruned.slice(0, EXCERPT_CHARS)}\n...` : pruned;
  const where = onPath ? `around ${pointer}` : 'its beginning';
  return { text, note: `an excerpt (${where}) of ${whole.length.toLocaleString('en-US')} characters; the whole value is in conformance.json` };
}

/** A value on one line of at most `max` characters: for the failing rules' list at the top of the HTML report. */
export function oneLineValue(value: unknown, max = 90): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
}

function textExcerpt(text: string): Excerpt {
  if (text.length <= WHOLE_CHARS) return { text };
  return { text: `${text.slice(0, WHOLE_CHARS)}\n...`, note: `the first ${WHOLE_CHARS.toLocaleString('en-US')} of ${text.length.toLocaleString('en-US')} characters; the whole text is in conformance.json` };
}

/** RFC 6901 tokens of a pointer ("" is the whole value). */
function tokensOf(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer.replace(/^\//, '').split('/').map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function resolves(value: unknown, path: string[]): boolean {
  let at: unknown = value;
  for (const token of path) {
    if (Array.isArray(at) && /^\d+$/.test(token) && Number(token) < at.length) at = at[Number(token)];
    else if (isObject(at) && Object.hasOwn(at, token)) at = at[token];
    else return false;
  }
  return true;
}

/** The value with only the path kept in full: its target, and at each level the scalars beside the path. */
function along(value: unknown, path: string[]): unknown {
  if (path.length === 0) return summarized(value, 1);
  const [token, ...rest] = path;
  if (Array.isArray(value)) {
    const index = Number(token);
    const before = index > 0 ? [`... ${index} item${index === 1 ? '' : 's'} before`] : [];
    const after = value.length - index - 1;
    return [...before, along(value[index], rest), ...(after > 0 ? [`... ${after} more item${after === 1 ? '' : 's'}`] : [])];
  }
  const object = value as Record<string, unknown>;
  return Object.fromEntries(Object.entries(object).map(([key, member]) => [key, key === token ? along(member, rest) : scalarOrSummary(member)]));
}

/** The first `levels` levels and the first items of each array; what lies deeper is summarized. */
function summarized(value: unknown, levels: number): unknown {
  if (Array.isArray(value)) {
    if (levels === 0) return containerSummary(value);
    const more = value.length - FIRST_ITEMS;
    return [...value.slice(0, FIRST_ITEMS).map((item) => summarized(item, levels - 1)), ...(more > 0 ? [`... ${more} more item${more === 1 ? '' : 's'}`] : [])];
  }
  if (isObject(value)) {
    if (levels === 0) return containerSummary(value);
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, summarized(member, levels - 1)]));
  }
  return value;
}

function scalarOrSummary(value: unknown): unknown {
  return Array.isArray(value) || isObject(value) ? containerSummary(value) : value;
}

/** A container in words ("[... 62 items]"); an empty one stays as it is. */
function containerSummary(value: unknown[] | Record<string, unknown>): unknown {
  if (Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0) return value;
  if (Array.isArray(value)) return `[... ${value.length} item${value.length === 1 ? '' : 's'}]`;
  const keys = Object.keys(value).length;
  return `{... ${keys} member${keys === 1 ? '' : 's'}}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
