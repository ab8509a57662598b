import { ErrorCode } from './errors';
import { restAnswer } from './rest/body';
import { restErrorStatus } from './rest/status';
import { startConventionAdapter, type AdapterConvention, type ConventionAnswer, type RestAdapterOptions, type RunningRestAdapter } from './rest-adapter';

/**
 * The problem-json adapter: the REST adapter's proxy in front of the reference mock, serving the
 * convention of profiles/problem-json.json. Successes are exactly the REST adapter's (HTTP 200, the
 * payload as the whole body, `application/json`); every refusal is an RFC 9457 problem document,
 * `Content-Type: application/problem+json`, HTTP 4xx (the REST adapter's status for the mock's code):
 *
 *   {"type": "https://ems-conformance.invalid/problems/invalid-parameter", "title": "Invalid parameter",
 *    "status": 400, "detail": "<the mock's messages, joined by "; ">"}
 *
 * `type` is the error code (a string). The mock's error data (e.g. a Failed job's status) is not
 * carried: a problem document's `status` member is the HTTP status, and a refusal of jobStatus is the
 * job's failure. The envelope faults stay visible: an error with code 0 has no `type` (RFC 9457 reads
 * that as about:blank, "no further semantics"), an error without messages has no `detail`.
 */
export const PROBLEM_JSON_TYPE = 'application/problem+json';

/** Base of the problem type URIs (the harness's own reserved domain). */
export const PROBLEM_TYPE_BASE = 'https://ems-conformance.invalid/problems/';

const NAME_OF_CODE = new Map<number, string>(Object.entries(ErrorCode).map(([name, code]) => [code, name]));

/** `invalidParameter` as `invalid-parameter`. */
const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** `invalidParameter` as `Invalid parameter`. */
const sentence = (name: string): string => {
  const words = kebab(name).split('-');
  return [words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1), ...words.slice(1)].join(' ');
};

/** The problem type URI of a mock error code; undefined for no code (0, or not a number). */
export function problemType(code: unknown): string | undefined {
  if (typeof code !== 'number' || code === 0) return undefined;
  const name = NAME_OF_CODE.get(code);
  return PROBLEM_TYPE_BASE + (name === undefined ? `code-${code}` : kebab(name));
}

/** A problem document of this status; members without a value are left out. */
export function problemDocument(status: number, code: unknown, messages: unknown[]): Record<string, unknown> {
  const type = problemType(code);
  const name = typeof code === 'number' ? NAME_OF_CODE.get(code) : undefined;
  const texts = messages.filter((message): message is string => typeof message === 'string' && message !== '');
  return {
    ...(type === undefined ? {} : { type }),
    title: name === undefined ? `HTTP ${status}` : sentence(name),
    status,
    ...(texts.length === 0 ? {} : { detail: texts.join('; ') }),
  };
}

function problem(status: number, body: unknown, requestID?: string): ConventionAnswer {
  return { status, body, contentType: PROBLEM_JSON_TYPE, ...(requestID === undefined ? {} : { requestID }) };
}

export const PROBLEM_JSON_CONVENTION: AdapterConvention = {
  label: 'problem-json adapter',
  answer(envelope, rewriteLink) {
    const succeeded = envelope.success === 1 || envelope.success === true;
    if (succeeded) return restAnswer(envelope, rewriteLink);
    const requestID = typeof envelope.requestID === 'string' ? envelope.requestID : undefined;
    const status = restErrorStatus(envelope.code);
    return problem(status, problemDocument(status, envelope.code, Array.isArray(envelope.errors) ? envelope.errors : []), requestID);
  },
  ownError: (status, message) => problem(status, { type: PROBLEM_TYPE_BASE + (status === 403 ? 'admin-loopback-only' : 'bad-gateway'), title: status === 403 ? 'Forbidden' : 'Bad gateway', status, detail: message }),
};

/** Starts the problem-json adapter in front of the mock at `options.upstream` (same options and handle as the REST adapter). */
export function startProblemJsonAdapter(options: RestAdapterOptions): Promise<RunningRestAdapter> {
  return startConventionAdapter(options, PROBLEM_JSON_CONVENTION);
}
