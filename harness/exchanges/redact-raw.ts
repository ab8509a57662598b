import type { Profile } from '../types';
import { TOKEN_PARAMETER } from './params-of';
import { responseBytes, responseText, sentTokens, type RawExchange } from './raw-exchange';
import type { TokenStandIns } from './stand-ins';

/** What redaction needs: the profile (where the token header is) and the stand-ins learned so far. */
export interface RedactionContext {
  profile: Profile;
  standIns: TokenStandIns;
}

/** Learns every token an exchange carries: the token header, accessToken in query or body, accessToken in the answer. */
export function learnTokens(raw: RawExchange, context: RedactionContext): void {
  const { standIns } = context;
  const sent = sentTokens(raw, context.profile);
  for (const value of [sent.header, sent.query, sent.body]) if (value !== undefined) standIns.standIn(value);
  const answer = responseText(raw);
  if (answer?.includes(TOKEN_PARAMETER)) {
    try {
      for (const value of tokenValues(JSON.parse(answer))) standIns.standIn(value);
    } catch {
      // not JSON: nothing to learn from
    }
  }
}

/**
 * A raw exchange with every token replaced by its stand-in (learning them first): the token header,
 * accessToken in the query and the body where they stand, and every long token wherever it appears
 * (URL, headers, bodies, an error's detail). Binary bodies are left as they are.
 */
export function redactRaw(raw: RawExchange, context: RedactionContext): RawExchange {
  learnTokens(raw, context);
  const { profile, standIns } = context;
  const sent = sentTokens(raw, profile);
  const queryToken = new RegExp(`([?&]${TOKEN_PARAMETER}=)[^&#]*`, 'g');
  const url = standIns.url(raw.url.replace(queryToken, (_m, key: string) => `${key}${encodeURIComponent(standIns.standIn(sent.query ?? ''))}`));
  const authHeader = profile.auth.header.toLowerCase();
  // The token header keeps its form ("Bearer X" -> "Bearer token#1"; "" stays "").
  const tokenHeader = (value: string) => (sent.header ? `${value.slice(0, value.length - sent.header.length)}${standIns.standIn(sent.header)}` : value);
  const redactHeaders = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, name.toLowerCase() === authHeader ? tokenHeader(value) : standIns.text(value)]));
  const text = responseText(raw);
  const binary = raw.responseBody !== undefined && text !== undefined && !Buffer.from(text, 'utf8').equals(responseBytes(raw));
  return {
    ...raw,
    url,
    ...(raw.headers ? { headers: redactHeaders(raw.headers) } : {}),
    ...(raw.body === undefined ? {} : { body: redactBody(raw.body, sent.body, standIns) }),
    ...(raw.responseHeaders ? { responseHeaders: redactHeaders(raw.responseHeaders) } : {}),
    ...(raw.responseBody === undefined || binary ? {} : { responseBody: standIns.text(text ?? '') }),
    ...(raw.error ? { error: { reason: raw.error.reason, detail: standIns.text(raw.error.detail) } } : {}),
  };
}

/** A request body with its tokens replaced: every long one as text, the body's own accessToken where it stands. */
function redactBody(body: string, bodyToken: string | undefined, standIns: TokenStandIns): string {
  const text = standIns.text(body);
  if (bodyToken === undefined || bodyToken === '') return text;
  const quoted = JSON.stringify(bodyToken);
  return text.split(quoted).join(JSON.stringify(standIns.standIn(bodyToken)));
}

/** Every string under a key named accessToken, at any depth (a login answer issues one). */
function tokenValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(tokenValues);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => (key === TOKEN_PARAMETER && typeof item === 'string' ? [item] : tokenValues(item)));
}

