/**
 * The mock's error codes. The service publishes no code list (service-facts.md); these are the mock's own,
 * grouped by hundreds so a client can tell the kind of failure from the code alone.
 */
export const ErrorCode = {
  /** No token in the Authorization header. */
  missingToken: 401,
  /** The token is not a token the service issued (or no longer accepted). */
  invalidToken: 402,
  /** The request carries accessToken in the query string or the body. */
  tokenOutsideHeader: 403,
  /** The token lacks the permission the operation requires. */
  permissionDenied: 404,
  /** The retired Application-Only token endpoint. */
  endpointRetired: 410,
  /** A parameter has the wrong type, an unknown value or is out of bounds. */
  invalidParameter: 501,
  /** A required parameter is missing. */
  missingParameter: 502,
  /** The body is not a JSON object, or not JSON at all. */
  malformedBody: 503,
  /** The body is larger than the mock accepts. */
  bodyTooLarge: 504,
  /** The operation exists but not with this HTTP method. */
  methodNotAllowed: 505,
  /** The request line and headers are longer than the mock reads (node's limit, 16 KiB by default). */
  headTooLarge: 507,
  /** No operation at this path. */
  unknownOperation: 506,
  /** More requests than the mock's rate limit allows (rateLimitPerSecond; answered with HTTP 429). */
  rateLimited: 429,
  /** The jobID or fileKey names nothing (or an expired file). */
  notFound: 601,
  /** An identical export job is still Pending. */
  duplicateExport: 602,
  /** The export job failed. */
  exportFailed: 603,
  /** A bug in the mock; the request changed nothing. */
  internal: 900,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** A refusal: becomes an error envelope (success 0, code, errors, data). */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    message: string,
    readonly data: unknown = {},
  ) {
    super(message);
  }
}

export const invalidParameter = (message: string): ApiError => new ApiError(ErrorCode.invalidParameter, message);
export const missingParameter = (name: string): ApiError =>
  new ApiError(ErrorCode.missingParameter, `${name} is required`);

/** The codes of errors.codes=grouped, by kind (mock/README.md, "Silent points"). */
export const GROUPED_ERROR_CODE = {
  token: 1001,
  permission: 1002,
  retired: 1003,
  parameter: 2001,
  body: 2002,
  method: 2003,
  path: 2004,
  bodyTooLarge: 2005,
  rateLimited: 2006,
  headTooLarge: 2007,
  notFound: 3001,
  duplicate: 3002,
  failed: 3003,
  internal: 9999,
} as const;

/**
 * errors.codes=grouped (mock/choices/points.ts): no code list is public, so this reading groups the failures another
 * way: every token problem shares one code, every request problem another.
 */
const GROUPED_CODES: Record<ErrorCodeValue, number> = {
  401: GROUPED_ERROR_CODE.token,
  402: GROUPED_ERROR_CODE.token,
  403: GROUPED_ERROR_CODE.token,
  404: GROUPED_ERROR_CODE.permission,
  410: GROUPED_ERROR_CODE.retired,
  501: GROUPED_ERROR_CODE.parameter,
  502: GROUPED_ERROR_CODE.parameter,
  503: GROUPED_ERROR_CODE.body,
  504: GROUPED_ERROR_CODE.bodyTooLarge,
  505: GROUPED_ERROR_CODE.method,
  506: GROUPED_ERROR_CODE.path,
  507: GROUPED_ERROR_CODE.headTooLarge,
  429: GROUPED_ERROR_CODE.rateLimited,
  601: GROUPED_ERROR_CODE.notFound,
  602: GROUPED_ERROR_CODE.duplicate,
  603: GROUPED_ERROR_CODE.failed,
  900: GROUPED_ERROR_CODE.internal,
};

export function groupedErrorCode(code: ErrorCodeValue): number {
  return GROUPED_CODES[code];
}
