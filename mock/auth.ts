import { ApiError, ErrorCode } from './errors';
import type { FaultSwitch } from './faults';
import type { JsonObject } from './params';
import { FULL_TOKEN, findToken, type Permission, type Token } from './tokens';

const CUT_OFF = '2022-07-10';

/**
 * Who is calling: the token from the Authorization header (`Bearer <token>` or the bare token). A request
 * that carries accessToken in the query string or the body is refused even when that token is valid.
 */
export function authenticate(
  authorization: string | undefined,
  query: URLSearchParams,
  body: JsonObject,
  faults: FaultSwitch,
  /** auth.token-case=exact: the token compared exactly, case included. */
  exactToken = false,
): Token {
  const queryToken = query.get('accessToken') ?? undefined;
  const bodyToken = typeof body.accessToken === 'string' ? body.accessToken : body.accessToken === undefined ? undefined : '';
  if (queryToken !== undefined && !faults.has('auth-query-token-accepted')) {
    throw new ApiError(ErrorCode.tokenOutsideHeader, `accessToken in the query string is invalid since ${CUT_OFF}; send the token in the Authorization header`);
  }
  if (bodyToken !== undefined && !faults.has('auth-body-token-accepted')) {
    throw new ApiError(ErrorCode.tokenOutsideHeader, `accessToken in the request body is invalid since ${CUT_OFF}; send the token in the Authorization header`);
  }

  const sent = headerToken(authorization) ?? queryToken ?? bodyToken;
  if (sent === undefined || sent === '') {
    if (faults.has('auth-missing-token-accepted')) return FULL_TOKEN;
    throw new ApiError(ErrorCode.missingToken, 'No access token: send it in the Authorization header ("Bearer <token>")');
  }
  const token = findToken(sent, exactToken);
  if (token === undefined) {
    if (faults.has('auth-invalid-token-accepted')) return FULL_TOKEN;
    throw new ApiError(ErrorCode.invalidToken, 'The access token is not valid');
  }
  if (token.kind === 'application' && faults.has('auth-app-token-refused')) {
    throw new ApiError(ErrorCode.invalidToken, 'The access token is not valid');
  }
  return token;
}

function headerToken(authorization: string | undefined): string | undefined {
  const value = authorization?.trim();
  if (!value) return undefined;
  const bearer = /^bearer\s+(.*)$/i.exec(value);
  return (bearer ? bearer[1] ?? '' : value).trim();
}

const PERMISSION_NAMES: Record<Permission, string> = {
  createGroups: 'Create Groups',
  contactsImport: 'Contacts (Import)',
  admin: 'Administrator',
};

export function permissionDenied(permission: Permission): ApiError {
  return new ApiError(ErrorCode.permissionDenied, `This operation requires the ${PERMISSION_NAMES[permission]} permission, which the token lacks`);
}
