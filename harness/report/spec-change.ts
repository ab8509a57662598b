/** One change between two versions of the spec or the rule catalogue that matters for conformance. */
export interface SpecChange {
  /** What changed: "GET /groups/search (groups.search) parameter rpp", "schema Group field status", "rule auth.token.missing". */
  where: string;
  /** The kind of change: "removed", "added", "maximum", "enum values removed", "default", "required", "statement", ... */
  change: string;
  before?: unknown;
  after?: unknown;
  /** Breaks existing clients (narrower input, wider or missing output) or loses conformance coverage. */
  breaking: boolean;
  /** Why, in one line. */
  reason: string;
}

export function change(where: string, kind: string, breaking: boolean, reason: string, before?: unknown, after?: unknown): SpecChange {
  return { where, change: kind, ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }), breaking, reason };
}
