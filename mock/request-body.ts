import type { IncomingMessage } from 'node:http';
import { ApiError, ErrorCode } from './errors';
import type { JsonObject } from './params';

export interface RawBody {
  text: string;
  /** Bytes received, counted even past the limit. */
  size: number;
  tooLarge: boolean;
}

/** Reads the whole body; past the limit it keeps draining the connection but stops keeping bytes. */
export async function readRawBody(request: IncomingMessage, limitBytes: number): Promise<RawBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limitBytes) chunks.push(chunk);
  }
  return { text: size <= limitBytes ? Buffer.concat(chunks).toString('utf8') : '', size, tooLarge: size > limitBytes };
}

/** A POST body: a JSON object (Content-Type application/json or none); no body reads as {}. */
export function parseJsonBody(body: RawBody, contentType: string | undefined, limitBytes: number): JsonObject {
  if (body.tooLarge) throw new ApiError(ErrorCode.bodyTooLarge, `The request body (${body.size} bytes) is larger than the ${limitBytes} bytes accepted`);
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
