import type { OperationInfo } from '../contract';
import type { HttpMethod } from '../types';
import { type Target, encodeBody, encodeQuery, type Params, TOKEN_VARIABLES, type TokenName, type WireRequest } from '../core';

/** Which token a request carries: a configured one by role, none, or a literal (e.g. an invalid token). */
export type TokenChoice = TokenName | 'none' | { raw: string };

/** Where the token goes: the profile's header (documented), or the retired query/body placements. */
export type TokenPlacement = 'header' | 'query' | 'body';

export interface RequestOptions {
  method?: HttpMethod;
  params?: Params;
  token?: TokenChoice;
  tokenIn?: TokenPlacement;
  /** Sent verbatim as the body instead of the encoded parameters (malformed-body checks). */
  rawBody?: string;
  /** POST to an operation the spec names GET only, on purpose (methods.post-on-get-operations: the exploration sends it). */
  unnamedMethod?: boolean;
}

export interface BuiltRequest extends WireRequest {
  method: HttpMethod;
}

/** The HTTP request for an operation: path and methods from the spec, encoding and auth from the profile. */
export function buildRequest(info: OperationInfo, target: Target, options: RequestOptions): BuiltRequest {
  const method = options.method ?? info.methods[0] ?? 'GET';
  if (!info.methods.includes(method) && !(options.unnamedMethod && method === 'POST')) throw new Error(`${info.key} does not take ${method} (the spec lists ${info.methods.join(', ')})`);
  const { profile } = target;
  const token = tokenValue(options.token ?? 'full', target);
  const tokenIn = options.tokenIn ?? 'header';
  const params: Params = { ...options.params };
  const headers: Record<string, string> = {};

  if (token !== undefined && tokenIn === 'header') headers[profile.auth.header] = `${profile.auth.prefix}${token}`;
  const queryParams: Params = method === 'GET' ? params : {};
  if (token !== undefined && tokenIn === 'query') queryParams.accessToken = token;
  let body: string | undefined;
  if (method === 'POST') {
    const bodyParams = token !== undefined && tokenIn === 'body' ? { ...params, accessToken: token } : params;
    body = options.rawBody ?? encodeBody(bodyParams, profile.request);
  } else if (tokenIn === 'body') {
    throw new Error(`a token in the body needs POST; ${info.key} was called with GET`);
  } else {
    body = options.rawBody;
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const base = info.server.includes('{auth_url}') ? target.authUrl : target.baseUrl;
  const query = encodeQuery(queryParams, profile.request);
  return { method, url: `${base}${info.path}${query ? `?${query}` : ''}`, headers, ...(body === undefined ? {} : { body }) };
}

function tokenValue(choice: TokenChoice, target: Target): string | undefined {
  if (choice === 'none') return undefined;
  if (typeof choice === 'object') return choice.raw;
  const token = target.tokens[choice];
  if (!token) throw new Error(`${TOKEN_VARIABLES[choice]} is not set: guard the check with judge.needs(rule) for token:${choice}`);
  return token;
}
