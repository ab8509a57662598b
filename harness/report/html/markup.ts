/**
 * HTML built by a tagged template that escapes every interpolated value unless it is already `Html`.
 * Evidence carries target-controlled text, so nothing reaches the page unescaped by accident.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** Markup the page itself owns (styles, script); never for report content. */
export function trusted(text: string): Html {
  return new Html(text);
}

function fragment(value: unknown): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(fragment).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  return new Html(strings.reduce((out, part, i) => out + part + (i < values.length ? fragment(values[i]) : ''), ''));
}

/** An id attribute value safe in a URL fragment: rule and area IDs keep their dots. */
export function anchor(prefix: string, id: string): string {
  return `${prefix}-${id.replace(/[^A-Za-z0-9._-]/g, '_')}`;
}
