/**
 * harness/exchanges: the exchange, in one place. The type a judge reads (`RecordedExchange`: a request with its
 * answer read through the profile, its timing and the token it carried), and everything that records or reads
 * exchanges:
 * - live: the HTTP client (`client.ts`), which logs every exchange of a worker (`exchange-log.ts`), reading each
 *   answer the one way the harness reads answers (`read-exchange.ts`);
 * - offline: the traffic file the workers judge (`traffic-file.ts`), HAR 1.2 files (`har-file.ts`, read a chunk at a time by `har-scanner.ts`;
 *   `load.ts`) or a proxy's journal (`journal.ts`, JSON lines: `json-lines.ts`) normalized into the same exchanges (`recorded-from-raw.ts`, token stand-ins in `stand-ins.ts` and
 *   `redact-raw.ts`), and the recording proxy with its journal and HAR writer (`proxy.ts`, `journal.ts`, `har-writer.ts`).
 *
 * For unit tests of judges (selftest/traffic-judges/), build exchanges from raw method/url/status/body:
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
export { headerOnly, NOT_OBSERVED, type RecordedExchange, type RecordedToken, type RecordedTraffic, type TokenRole, type TrafficContext } from './recorded-exchange';
export { ExchangeLog, type SentToken } from './exchange-log';
export { clockNow, endOf, recordedDuration, servedBefore, servedInEitherOrder, CROSS_LANE_MS, type Timed } from './clock';
export { readRunExchanges, writeRunExchanges, runKeyHash, RUN_EXCHANGES_VARIABLE } from './run-exchanges';
export { readExchange, type WireExchange } from './read-exchange';
export { loadTrafficFile, readRecordedWire, readTrafficFile, recordedTraffic, trafficSummary, TrafficFileWriter, type ReadTraffic, type RecordedWire, type TrafficFile } from './traffic-file';
export { createApiClient, type ApiClient, type CallOptions, type ClientOptions, type RequestRecorder } from './client';
export { buildRequest, type BuiltRequest, type RequestOptions, type TokenChoice, type TokenPlacement } from './request';
export { recordedExchange, trafficOf, normalizeExchange, contextOf, type ReadingContext, type DropReason } from './recorded-from-raw';
export type { RawExchange } from './raw-exchange';
export { learnTokens, redactRaw, type RedactionContext } from './redact-raw';
export { TokenStandIns, STAND_IN } from './stand-ins';
export { operationAt, candidateBases, type ApiBase } from './api-base';
export { queryParams, bodyParams, TOKEN_PARAMETER } from './params-of';
export { readHarFile, readRecording, recordingFile, DEFAULT_MAX_HAR_BYTES } from './har-file';
export { loadTraffic, type LoadedTraffic, type TrafficOptions } from './load';
export { harDocument, HarEntries, UNFINISHED_COMMENT, writeHar, writeHarFromJournal, writeHarStreaming, type ProxiedExchange } from './har-writer';
export { Journal, journalPathOf, isJournalPath } from './journal';
export { forEachJsonLine } from './json-lines';
export { scanHarEntries, type ScanProblem } from './har-scanner';
export { startProxy, REPORT_PATH, type ProxyOptions, type RecordingProxy } from './proxy';
