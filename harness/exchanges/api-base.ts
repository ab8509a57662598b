import { OPERATION_KEYS, operationInfo } from '../contract';
import type { OperationKey } from '../types';

/** Where the API is: the base URL of its operations, and the auth URL of the retired token endpoint. */
export interface ApiBase {
  baseUrl: string;
  authUrl: string;
}

const withoutSlash = (text: string) => text.replace(/\/+$/, '');

/** Each operation's path and which base it hangs from. */
const operations = () => OPERATION_KEYS.map((key) => ({ key, path: operationInfo(key).path, auth: operationInfo(key).server.includes('{auth_url}') }));

/** The operation a URL calls on this API (its query ignored), or undefined when it is none. */
export function operationAt(url: string, base: ApiBase): OperationKey | undefined {
  const parsed = new URL(url);
  const at = withoutSlash(`${parsed.origin}${parsed.pathname}`);
  return operations().find(({ path, auth }) => at === `${withoutSlash(auth ? base.authUrl : base.baseUrl)}${path}`)?.key;
}

/**
 * The base URLs the URLs could call operations under (the part before an operation's path), with how
 * many URLs each: `http://host/v1/groups/search` gives http://host/v1. The retired auth endpoint does
 * not count (it hangs from the auth URL).
 */
export function candidateBases(urls: readonly string[]): Map<string, number> {
  const found = new Map<string, number>();
  const paths = operations().filter(({ auth }) => !auth);
  for (const url of urls) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      continue;
    }
    const at = withoutSlash(`${parsed.origin}${parsed.pathname}`);
    const match = paths.find(({ path }) => at.endsWith(path));
    if (match) {
      const base = at.slice(0, at.length - match.path.length);
      found.set(base, (found.get(base) ?? 0) + 1);
    }
  }
  return found;
}
