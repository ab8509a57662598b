import type { Evidence } from '../types';
import type { ApiResponse } from './api-response';

/**
 * A body kept whole in the evidence up to this many characters of JSON: conformance.json holds it as it came,
 * and the reports clip it once, around the failure's JSON pointer (harness/report/excerpt.ts). A larger one is
 * kept as the beginning of its text, saying so.
 */
const MAX_BODY_CHARS = 300_000;

/** Evidence from one response: the request, what came back (body clipped), and its curl. */
export function responseEvidence(response: ApiResponse, title: string, details: Partial<Evidence> = {}): Evidence {
  return {
    title,
    request: {
      method: response.method,
      url: response.url,
      ...(response.requestBody === undefined ? {} : { body: parsedOrText(response.requestBody) }),
    },
    response: {
      ...(response.status === undefined ? {} : { status: response.status }),
      ...(response.transport ? { transport: response.transport.reason } : {}),
      ...(response.body === undefined ? {} : { body: clipped(response.body) }),
    },
    curl: response.curl,
    ...details,
  };
}

/** A JSON value small enough for a report; a larger one becomes the beginning of its text, saying so. */
function clipped(value: unknown): unknown {
  const text = JSON.stringify(value) ?? '';
  if (text.length <= MAX_BODY_CHARS) return value;
  return `[the first ${MAX_BODY_CHARS} of ${text.length} characters] ${text.slice(0, MAX_BODY_CHARS)}...`;
}

function parsedOrText(body: string): unknown {
  try {
    return clipped(JSON.parse(body));
  } catch {
    return clipped(body);
  }
}

/**
 * The note of a failure the model's relations found across answers of the whole run (harness/model state.ts): a
 * replay of the rule's test alone does not send the other answer, so such a failure is not replayed alone.
 */
export const ACROSS_ANSWERS_NOTE = 'across answers: this answer against an earlier one of the run (the model with state)';
