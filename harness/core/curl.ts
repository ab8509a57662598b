import type { Redactor } from './redact';

export interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * A shell command reproducing a request, tokens written as variables:
 * curl -sS -X POST 'URL' -H "Authorization: Bearer $EMS_TOKEN" -H 'Content-Type: application/json' --data '{...}'
 */
export function toCurl(request: CurlRequest, redactor: Redactor): string {
  const word = (text: string) => shellWord(text, redactor);
  const parts = ['curl -sS', `-X ${request.method}`, word(request.url)];
  for (const [name, value] of Object.entries(request.headers)) parts.push(`-H ${word(`${name}: ${value}`)}`);
  if (request.body !== undefined) parts.push(`--data ${word(request.body)}`);
  return parts.join(' ');
}

/** Quotes text for a POSIX shell; token values become "$VARIABLE" so the shell substitutes them. */
function shellWord(text: string, redactor: Redactor): string {
  const pieces = splitAtSecrets(text, redactor);
  if (!pieces.some((piece) => piece.secret)) return singleQuoted(text);
  const plain = pieces.filter((piece) => !piece.secret).map((piece) => piece.text).join('');
  if (!/["$`\\!]/.test(plain)) return `"${pieces.map((piece) => piece.text).join('')}"`;
  return pieces.map((piece) => (piece.secret ? `"${piece.text}"` : singleQuoted(piece.text))).join('');
}

function splitAtSecrets(text: string, redactor: Redactor): Array<{ text: string; secret: boolean }> {
  let pieces = [{ text, secret: false }];
  for (const { value, placeholder } of redactor.secrets) {
    pieces = pieces.flatMap((piece) => {
      if (piece.secret || !piece.text.includes(value)) return [piece];
      return piece.text.split(value).flatMap((part, index) =>
        index === 0 ? [{ text: part, secret: false }] : [{ text: placeholder, secret: true }, { text: part, secret: false }],
      );
    });
  }
  return pieces.filter((piece) => piece.text !== '');
}

function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
