/** Finding an issued access token in an answer (of the retired token endpoint). */

export interface FoundToken {
  pointer: string;
  /** The start of the value only: an issued token is a credential. */
  preview: string;
}

/**
 * Values in a body that look like an issued access token: a non-empty string (or number) under a
 * key naming a token (accessToken, access_token, token, tokenValue...), anywhere in the body.
 */
export function tokenValuesIn(body: unknown, pointer = ''): FoundToken[] {
  if (Array.isArray(body)) return body.flatMap((item, index) => tokenValuesIn(item, `${pointer}/${index}`));
  if (!body || typeof body !== 'object') return [];
  return Object.entries(body as Record<string, unknown>).flatMap(([key, value]) => {
    const here = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    const named = /token/i.test(key) && !/type$/i.test(key);
    if (named && ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number')) {
      return [{ pointer: here, preview: `${String(value).slice(0, 4)}... (${String(value).length} characters)` }];
    }
    return tokenValuesIn(value, here);
  });
}
