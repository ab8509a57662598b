export { expect } from '@playwright/test';
export { test } from './fixtures';
export { defineCheck, type Check, type CheckContext } from './check';
export { registerChecks } from './register';
export { observation, type Observation, type ObservationContext } from './observation';
export type { CreatedContactsLog } from './created-contacts';
export type { RuleJudge } from './rule-judge';
export { NOT_OBSERVED, type RecordedExchange, type RecordedToken, type RecordedTraffic, type TrafficContext } from './traffic';
export { readRecordedWire, readTrafficFile, recordedTraffic, type ReadTraffic, type RecordedWire, type TrafficFile } from './recorded';
export { readExchange, type ExchangeReading, type WireExchange } from './read-exchange';
export { responseVerdicts } from './response-verdicts';
export { WireFailure, type WireResponse } from './transport';
export { rateLimitSignal, type RateLimitSignal } from './rate-limit-signal';
export type { ApiClient, CallOptions } from './client';
export type { ApiResponse, ExportJobView, Outcome, Paging } from './api-response';
export type { Target } from './config';
export { Judge, type CheckDetails, type PropertyOptions } from './judge';
export type { Sample, SampleEvidence } from './property';
export type { TokenChoice, TokenPlacement } from './request';
export { TransportError } from './transport-error';
export { ruleOfTag } from './rules';
export { Unjudged } from './property';

// The run's machinery, for the composition roots (playwright.config.ts, bin/), the target provider (mock/provider.ts)
// and the reporter (harness/report): configuration, the target provider, the records a test leaves behind.
export { ConfigError, readSettings, resolveTarget, reportDir, type Settings } from './config';
export { embeddedMockEnv, loadTargetProvider, TARGET_PROVIDER_VARIABLE, type ProvidedTarget, type TargetProvider } from './target-provider';
export { ANNOTATION, type Annotation, type TargetAnnotation } from './annotations';
export { mergeCoverage, type CoverageRecord } from './coverage';
export { foldVerdicts } from './fold';
export { harnessErrorOf, harnessErrorVerdict } from './harness-error';
export { declaredRules } from './rules';
export { oneLine } from './one-line';
export { createRedactor, redactorFromEnv, type Redactor } from './redact';
export { TOKEN_NAMES, TOKEN_VARIABLES, type TokenName, type Tokens } from './tokens';
export { createApiClient } from './client';
export { workerTarget, newRecording, wiredClient, judgeReports, type Recording, type ClientReports } from './wiring';
export { ruleTag } from './rules';
export { judgeTraffic } from './traffic-judge';
