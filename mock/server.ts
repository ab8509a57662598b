import { createServer, maxHeaderSize, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { HttpMethod } from '../harness/types';
import { handleAdmin, isAdminPath } from './admin';
import { authenticate, permissionDenied } from './auth';
import { answerPreflight, isPreflight, setCorsHeaders } from './cors';
import { errorEnvelope, successEnvelope, type EnvelopeResponse } from './envelope';
import { ApiError, ErrorCode, invalidParameter } from './errors';
import { Params } from './params';
import { RequestRateLimit } from './rate-limit';
import { parseJsonBody, readRawBody, type RawBody } from './request-body';
import { APP_TOKEN_PATH, applicationAccessToken, findOperation, VERSION_PREFIX, type Operation, type OperationContext, type OperationResult } from './routes';
import type { MockState } from './state';
import { KNOWN_PARAMETERS } from './known-parameters';
import { answerOversizeHeads } from './oversize-head';

/** The mock's HTTP server: every request answers, nothing it receives can crash it. */
export function createMockServer(state: MockState): Server {
  const rateLimit = new RequestRateLimit(state.options.rateLimitPerSecond);
  const server = createServer((request, response) => {
    serve(request, response, state, rateLimit).catch((error: unknown) => {
      console.error('ems mock: internal error', error);
      if (!response.headersSent) sendEnvelope(response, errorEnvelope(new ApiError(ErrorCode.internal, 'Internal error in the mock; nothing was changed'), state.faults, state.choices), bareJson(state));
      else response.destroy();
    });
  });
  answerOversizeHeads(server, () => {
    const refusal = errorEnvelope(new ApiError(ErrorCode.headTooLarge, `The request line and headers are longer than the ${maxHeaderSize} bytes the mock reads`), state.faults, state.choices);
    return { status: refusal.httpStatus, body: refusal.body, contentType: bareJson(state) ? 'application/json' : undefined, headers: { Date: new Date(state.clock.now()).toUTCString() } };
  });
  return server;
}

async function serve(request: IncomingMessage, response: ServerResponse, state: MockState, rateLimit: RequestRateLimit): Promise<void> {
  // The HTTP Date header tells the mock clock's now (a client reads the target's clock from it), not the host's.
  response.setHeader('Date', new Date(state.clock.now()).toUTCString());
  if (state.options.cors) setCorsHeaders(request, response);
  const body = await readRawBody(request, state.options.bodyLimitBytes);
  if (state.options.cors && isPreflight(request)) {
    answerPreflight(request, response);
    return;
  }
  const url = new URL(request.url ?? '/', 'http://mock.invalid');
  if (isAdminPath(url.pathname)) {
    const answer = handleAdmin(request.method ?? 'GET', url.pathname, body.text, state, request.socket.remoteAddress);
    sendJson(response, answer.status, answer.body);
    return;
  }
  const retryAfterS = rateLimit.take();
  if (retryAfterS !== undefined) {
    const limit = Number(state.options.rateLimitPerSecond.toPrecision(3));
    const refusal = new ApiError(ErrorCode.rateLimited, `Too many requests: at most ${limit} a second; retry after ${retryAfterS} s`);
    response.setHeader('Retry-After', String(retryAfterS));
    sendJson(response, 429, errorEnvelope(refusal, state.faults, state.choices).body, bareJson(state));
    return;
  }
  if (url.pathname === APP_TOKEN_PATH) {
    sendEnvelope(response, answerWith(state, () => applicationAccessToken(state.faults)), bareJson(state));
    return;
  }
  const outcome = serveOperation(request, url, body, state);
  if ('bytes' in outcome) {
    // exports.file-disposition=none: no Content-Disposition header
    const disposition = state.choices.is('exports.file-disposition', 'none') ? {} : { 'Content-Disposition': `attachment; filename="${outcome.fileName}"` };
    response.writeHead(200, { 'Content-Type': outcome.contentType, ...disposition, 'Content-Length': outcome.bytes.length });
    response.end(outcome.bytes);
  } else {
    sendEnvelope(response, outcome, bareJson(state));
  }
}

function serveOperation(request: IncomingMessage, url: URL, rawBody: RawBody, state: MockState): EnvelopeResponse | Extract<OperationResult, { kind: 'file' }> {
  let result: OperationResult;
  try {
    result = runOperation(request, url, rawBody, state);
  } catch (error) {
    if (error instanceof ApiError) return errorEnvelope(error, state.faults, state.choices);
    throw error;
  }
  return result.kind === 'file' ? result : successEnvelope(result.data, state.faults, state.choices);
}

function runOperation(request: IncomingMessage, url: URL, rawBody: RawBody, state: MockState): OperationResult {
  const operation = findOperation(url.pathname);
  if (!operation) throw unknownOperation(url.pathname);
  const method = request.method === 'GET' || request.method === 'POST' ? (request.method as HttpMethod) : undefined;
  const methods = acceptedMethods(operation, state.choices.is('methods.post-on-get-operations', 'refused'));
  if (!method || !methods.includes(method)) {
    throw new ApiError(ErrorCode.methodNotAllowed, `${operation.path.slice(1)} accepts ${methods.join(' or ')}, not ${request.method}`);
  }
  const body = method === 'POST' ? parseJsonBody(rawBody, request.headers['content-type'], state.options.bodyLimitBytes) : {};
  const token = authenticate(request.headers.authorization, url.searchParams, body, state.faults, state.choices.is('auth.token-case', 'exact'));
  const now = state.clock.now();
  const context: OperationContext = {
    method,
    token,
    state,
    present: state.present,
    choices: state.choices,
    now,
    fault: state.faults.has.bind(state.faults),
    link: (query: URLSearchParams) => `http://${request.headers.host ?? 'localhost'}${VERSION_PREFIX}${operation.path}?${query}`,
    params: new Params(url.searchParams, body, {
      exactEnums: state.choices.is('requests.enum-case', 'exact'),
      lastRepeatedWins: state.choices.is('requests.repeated-parameter', 'last-wins'),
    }),
  };
  if (state.choices.is('requests.unknown-parameters', 'refused')) refuseUnknownParameters(operation, context.params);
  if (operation.permission && !token.permissions.has(operation.permission)) {
    if (writesDespiteRefusal(operation, state)) operation.handle(context);
    if (!permissionIgnored(operation, state)) throw permissionDenied(operation.permission);
  }
  return operation.handle(context);
}

/**
 * Every operation takes POST with a JSON body, as the service does (service-facts.md, Transport: its PHP
 * client POSTs every call, helper/ping and the exports included). methods.post-on-get-operations=refused
 * (strictMethods) keeps to the methods interface.md names: POST on helper/ping or an export is refused.
 */
function acceptedMethods(operation: Operation, strict: boolean): readonly HttpMethod[] {
  return strict || operation.methods.includes('POST') ? operation.methods : [...operation.methods, 'POST'];
}

function unknownOperation(pathname: string): ApiError {
  if (pathname.startsWith(`${VERSION_PREFIX}/`)) return new ApiError(ErrorCode.unknownOperation, `Unknown operation ${pathname.slice(VERSION_PREFIX.length + 1)} (no operation at ${pathname})`);
  return new ApiError(ErrorCode.unknownOperation, `No operation at ${pathname}; operations live under ${VERSION_PREFIX}/`);
}

/** requests.unknown-parameters=refused: a parameter the operation does not take is refused (the default ignores it). */
function refuseUnknownParameters(operation: Operation, params: Params): void {
  const known = KNOWN_PARAMETERS[operation.key] ?? [];
  const unknown = params.names().filter((name) => !known.includes(name));
  if (unknown.length > 0) throw invalidParameter(`${operation.path.slice(1)} does not take ${unknown.join(', ')}`);
}

function permissionIgnored(operation: Operation, state: MockState): boolean {
  if (operation.key === 'groups.search') return state.faults.has('auth-groups-permission-ignored');
  return operation.key === 'contacts.import' && state.faults.has('auth-import-permission-ignored');
}

function writesDespiteRefusal(operation: Operation, state: MockState): boolean {
  return operation.key === 'contacts.import' && state.faults.has('auth-refused-import-writes');
}

function answerWith(state: MockState, produce: () => unknown): EnvelopeResponse {
  try {
    return successEnvelope(produce(), state.faults, state.choices);
  } catch (error) {
    if (error instanceof ApiError) return errorEnvelope(error, state.faults, state.choices);
    throw error;
  }
}

function sendEnvelope(response: ServerResponse, envelope: EnvelopeResponse, bare = false): void {
  sendJson(response, envelope.httpStatus, envelope.body, bare);
}

/** transport.json-content-type=bare: operations answer Content-Type application/json without a charset parameter. */
function bareJson(state: MockState): boolean {
  return state.choices.is('transport.json-content-type', 'bare');
}

/** bare: Content-Type application/json without a charset parameter. */
function sendJson(response: ServerResponse, status: number, body: unknown, bare = false): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': bare ? 'application/json' : 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}
