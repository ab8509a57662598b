/**
 * harness/traffic: recorded traffic (HAR 1.2 files, the recording proxy) read into RecordedExchanges,
 * judged by the checks' `traffic` judges with the run's usual machinery (`npm run conformance -- --har`).
 *
 * For unit tests of traffic judges (checks/**), build exchanges from raw method/url/status/body:
 *
 *   recordedExchange(target: Target, raw: RawExchange, index: number, standIns?: TokenStandIns): RecordedExchange
 *     raw = { method: 'GET', url: `${target.baseUrl}/groups/search?rpp=10`, status: 200, responseBody: { success: 1, ... },
 *             headers?: { Authorization: 'Bearer T' }, body?: '{"rpp":10}' (POST), contentType?, error?: { reason, detail } (status 0),
 *             startedAt?, durationMs? }
 *   trafficOf(target: Target, raws: RawExchange[]): RecordedTraffic      (indexes 0.., tokens numbered across them)
 *
 * The answer is read exactly as a live one (profile, validator, records, paging, job, curl); tokens become
 * "token#1", ... A URL that is no operation of target.baseUrl throws.
 */
export { recordedExchange, trafficOf, normalizeExchange, contextOf, type ReadingContext, type DropReason } from './exchange';
export type { RawExchange } from './raw-exchange';
export { learnTokens, redactRaw, type RedactionContext } from './redact-raw';
export { TokenStandIns, STAND_IN } from './stand-ins';
export { operationAt, candidateBases, type ApiBase } from './api-base';
export { queryParams, bodyParams, TOKEN_PARAMETER } from './params-of';
export { readHarFile, DEFAULT_MAX_HAR_BYTES } from './har-file';
export { loadTraffic, type LoadedTraffic, type TrafficOptions } from './load';
export { harDocument, writeHar, type ProxiedExchange } from './har-writer';
export { startProxy, REPORT_PATH, type ProxyOptions, type RecordingProxy } from './proxy';
