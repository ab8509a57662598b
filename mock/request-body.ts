import type { IncomingMessage } from 'node:http';
import { ApiError, ErrorCode } from './errors';
import type { JsonObject } from './params';

export interface RawBody {
  text: string;
  /** Bytes received; past the limit, the bytes received when it was passed (or the length the request declared). */
  size: number;
  tooLarge: boolean;
}

/**
 * Reads the whole body. A body past the limit is known as soon as it passes it (or declares a longer
 * Content-Length): the promise settles then, so the refusal is answered at once, however long the body
 * is still streaming; the rest is drained and dropped (the connection stays readable for the next request).
 */
export function readRawBody(request: IncomingMessage, limitBytes: number): Promise<RawBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (body: RawBody) => {
      if (settled) return;
      settled = true;
      chunks.length = 0;
      resolve(body);
    };
    const declared = Number(request.headers['content-length']);
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (settled) return;
      if (size <= limitBytes) chunks.push(chunk);
      else settle({ text: '', size, tooLarge: true });
    });
    request.on('end', () => settle({ text: Buffer.concat(chunks).toString('utf8'), size, tooLarge: false }));
    request.on('error', (error) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
    if (Number.isFinite(declared) && declared > limitBytes) settle({ text: '', size: declared, tooLarge: true });
  });
}

/** A POST body: a JSON object (Content-Type application/json or none); no body reads as {}. */
export function parseJsonBody(body: RawBody, contentType: string | undefined, limitBytes: number): JsonObject {
  if (body.tooLarge) throw new ApiError(ErrorCode.bodyTooLarge, `The request body (${body.size} bytes or more) is larger than the ${limitBytes} bytes accepted`);
  if (body.text.trim() === '') return {};
  if (contentType && !/^application\/([\w.+-]+\+)?json\b/i.test(contentType.trim())) {
    throw new ApiError(ErrorCode.malformedBody, `POST bodies must be JSON (Content-Type: application/json), got ${contentType}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch (error) {
    throw new ApiError(ErrorCode.malformedBody, `The request body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(ErrorCode.malformedBody, 'The request body must be a JSON object of parameters');
  }
  return parsed as JsonObject;
}
