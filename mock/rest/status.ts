import { GROUPED_ERROR_CODE, ErrorCode } from '../errors';

/**
 * The HTTP status of a refusal in the REST convention, from the mock's error code (mock/errors.ts).
 * The body keeps the mock's code (`{"error": {"code", "messages"}}`), so a client still tells an
 * unknown token (402) from a missing one (401), both HTTP 401.
 */
const HTTP_STATUS: Record<number, number> = {
  [ErrorCode.missingToken]: 401,
  [ErrorCode.invalidToken]: 401,
  // A token outside the Authorization header is no credential: the request is unauthenticated.
  [ErrorCode.tokenOutsideHeader]: 401,
  [ErrorCode.permissionDenied]: 403,
  [ErrorCode.endpointRetired]: 410,
  [ErrorCode.invalidParameter]: 400,
  [ErrorCode.missingParameter]: 400,
  [ErrorCode.malformedBody]: 400,
  [ErrorCode.bodyTooLarge]: 413,
  [ErrorCode.headTooLarge]: 431,
  [ErrorCode.methodNotAllowed]: 405,
  [ErrorCode.unknownOperation]: 404,
  [ErrorCode.rateLimited]: 429,
  [ErrorCode.notFound]: 404,
  [ErrorCode.duplicateExport]: 409,
  [ErrorCode.exportFailed]: 422,
  [ErrorCode.internal]: 500,
  // the codes of the mock's errors.codes=grouped reading (mock/README.md, "Silent points")
  [GROUPED_ERROR_CODE.token]: 401,
  [GROUPED_ERROR_CODE.permission]: 403,
  [GROUPED_ERROR_CODE.retired]: 410,
  [GROUPED_ERROR_CODE.parameter]: 400,
  [GROUPED_ERROR_CODE.body]: 400,
  [GROUPED_ERROR_CODE.method]: 405,
  [GROUPED_ERROR_CODE.path]: 404,
  [GROUPED_ERROR_CODE.rateLimited]: 429,
  [GROUPED_ERROR_CODE.bodyTooLarge]: 413,
  [GROUPED_ERROR_CODE.headTooLarge]: 431,
  [GROUPED_ERROR_CODE.notFound]: 404,
  [GROUPED_ERROR_CODE.duplicate]: 409,
  [GROUPED_ERROR_CODE.failed]: 422,
  [GROUPED_ERROR_CODE.internal]: 500,
};

/** Codes the mock does not define (e.g. 0 under the envelope-error-code-zero fault) are a bad request. */
export const FALLBACK_ERROR_STATUS = 400;

export function restErrorStatus(code: unknown): number {
  return (typeof code === 'number' ? HTTP_STATUS[code] : undefined) ?? FALLBACK_ERROR_STATUS;
}
