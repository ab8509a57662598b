import { operationParameters, type ParamSchema } from '../contract';
import type { OperationKey, Profile } from '../types';

type Params = Record<string, unknown>;

/** The parameter that carried a token before the header (retired; refused since 7/10/2022). */
export const TOKEN_PARAMETER = 'accessToken';

/**
 * The parameters a recorded request sent, read back the profile's way (the inverse of the client's
 * encoding): query values typed by the spec's parameter schemas where they read as that type (a
 * value that does not, such as rpp=abc, stays the text sent), arrays from repeated keys or comma lists
 * whatever the profile sends (service-facts.md: clients send either; a repeated key may itself hold a comma
 * list, `status=draft,scheduled&status=sent`), 0/1 booleans. The token parameter is left out (the exchange's `token` tells it was there).
 */
export function queryParams(op: OperationKey, query: URLSearchParams, profile: Profile): Params {
  const schemas = operationParameters(op);
  const params: Params = {};
  for (const name of new Set(query.keys())) {
    if (name === TOKEN_PARAMETER) continue;
    const values = query.getAll(name);
    const schema = schemas[name];
    if (schema?.type === 'array') {
      // Every item of the spec's array parameters is an integer or an enum value, neither of which holds a comma.
      const items = values.flatMap((value) => (value === '' ? [] : value.split(',')));
      params[name] = items.map((item) => typed(item, schema.items as ParamSchema | undefined, profile));
    } else {
      const decoded = values.map((value) => typed(value, schema, profile));
      params[name] = decoded.length === 1 ? decoded[0] : decoded;
    }
  }
  return params;
}

/** The parameters of a JSON body (top-level 0/1 booleans read back), or undefined when the body is no JSON object. */
export function bodyParams(op: OperationKey, body: string, profile: Profile): Params | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const schemas = operationParameters(op);
  const params: Params = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (name === TOKEN_PARAMETER) continue;
    const boolean = schemas[name]?.type === 'boolean' && profile.request.booleans === '01' && (value === 0 || value === 1);
    params[name] = boolean ? value === 1 : value;
  }
  return params;
}

function typed(text: string, schema: Pick<ParamSchema, 'type'> | undefined, profile: Profile): unknown {
  switch (schema?.type) {
    case 'integer':
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    case 'boolean': {
      const [yes, no] = profile.request.booleans === '01' ? ['1', '0'] : ['true', 'false'];
      return text === yes ? true : text === no ? false : text;
    }
    default:
      return text;
  }
}
