/** What a token becomes in everything recorded traffic turns into: "token#1", "token#2", ... */
export const STAND_IN = /^token#\d+$/;

/** A token shorter than this is replaced where it was sent only (header, accessToken), not everywhere: it is no secret and would hit other text. */
const MIN_SECRET_LENGTH = 8;

/** One form of a learned token (as is, URL-encoded, JSON-escaped): lower-cased to find it, a pattern to replace it in any case. */
interface TokenForm {
  lower: string;
  pattern: RegExp;
  standIn: string;
}

/**
 * The stand-ins of the tokens met in recorded traffic, numbered in order of first appearance, so a
 * recording read twice (the proxy's HAR judged again) gets the same numbers. A stand-in read back is
 * its own stand-in.
 */
export class TokenStandIns {
  private readonly byValue = new Map<string, string>();
  private next = 1;
  private formsCache: readonly TokenForm[] | undefined;

  /** The stand-in of a token value, learning it on first sight; "" stays "" (no token). */
  standIn(value: string): string {
    if (value === '') return value;
    const known = this.byValue.get(value);
    if (known) return known;
    let id = value;
    if (!STAND_IN.test(value)) {
      do id = `token#${this.next++}`;
      while ([...this.byValue.values()].includes(id));
    } else {
      this.next = Math.max(this.next, Number(value.slice('token#'.length)) + 1);
    }
    this.byValue.set(value, id);
    this.formsCache = undefined;
    return id;
  }

  /** Every token learned, with its stand-in. */
  get known(): ReadonlyMap<string, string> {
    return this.byValue;
  }

  /**
   * Text with every learned token (long enough to be a secret) replaced: as is, URL-encoded and
   * JSON-escaped, in any letter case (a target may echo a GUID token upper- or lower-cased).
   */
  text(input: string): string {
    return this.replaceForms(input, (standIn) => standIn);
  }

  /** A URL with every learned token replaced by its URL-encoded stand-in (a bare "#" would start a fragment). */
  url(input: string): string {
    return this.replaceForms(input, encodeURIComponent);
  }

  /** Whether text still holds a learned token in any form and case (the last check before anything is written). */
  leaks(input: string): boolean {
    const lower = input.toLowerCase();
    return this.forms().some(({ lower: form }) => lower.includes(form));
  }

  /** Every form of every learned token replaced (any letter case) by what `shown` makes of its stand-in. */
  private replaceForms(input: string, shown: (standIn: string) => string): string {
    let out = input;
    // Lower-cased once per replacement, not once per form: a recording's bodies are read through here.
    let lower = out.toLowerCase();
    for (const { lower: formLower, pattern, standIn } of this.forms()) {
      if (!lower.includes(formLower)) continue;
      out = out.replace(pattern, () => shown(standIn));
      lower = out.toLowerCase();
    }
    return out;
  }

  /** The forms of the learned tokens, longest first; computed again only after a token is learned. */
  private forms(): readonly TokenForm[] {
    if (this.formsCache) return this.formsCache;
    const forms: Array<[string, string]> = [];
    for (const [value, standIn] of this.byValue) {
      if (value.length < MIN_SECRET_LENGTH || STAND_IN.test(value)) continue;
      const escaped = JSON.stringify(value).slice(1, -1);
      for (const form of new Set([value, encodeURIComponent(value), escaped, escaped.replace(/\//g, '\\/')])) {
        forms.push([form, form === encodeURIComponent(value) && form !== value ? encodeURIComponent(standIn) : standIn]);
      }
    }
    this.formsCache = forms
      .sort((a, b) => b[0].length - a[0].length)
      .map(([form, standIn]) => ({ lower: form.toLowerCase(), pattern: new RegExp(form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), standIn }));
    return this.formsCache;
  }
}
