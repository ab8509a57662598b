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
  /** No operation at this path. */
  unknownOperation: 506,
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
