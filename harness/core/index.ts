/**
 * harness/core: the primitives every layer above stands on. The configuration and the resolved target, the
 * tokens, the transport and how a request is encoded, the answer as read through the profile (`ApiResponse`),
 * redaction and curl, the judge and its verdicts, the property runner, the harness-error outcome.
 * It knows nothing of exchanges as records (harness/exchanges), of checks (harness/check) or of the run
 * (harness/runner).
 */
export type { CreatedContactsLog } from './created-contacts';
export { checked, failed, inconclusive, passed, skipped, type CheckDetails, type Judgement, type RuleVerdict } from './judgement';
export { ACROSS_ANSWERS_NOTE, responseEvidence } from './evidence';
export { send, WireFailure, type SendOptions, type WireLimits, type WireRequest, type WireResponse } from './transport';
export { isOutage } from './outage';
export { resendWait, READ_RESEND_WAITS_MS, type AttemptFailure, type FailedAttempt } from './resend';
export { rateLimitSignal, rateLimitDecision, backoffMs, type RateLimitSignal } from './rate-limit-signal';
export { sharedRateLimiter, type RateLimiter } from './rate-limit';
export type { ApiResponse, BodyReading, ExportJobView, Outcome, Paging } from './api-response';
export { Judge, propertyStopped, type PropertyOptions } from './judge';
export { runProperty, type Sample, type SampleEvidence } from './property';
export { TransportError } from './transport-error';
export { Unjudged } from './property';
export { ConfigError, readSettings, resolveTarget, reportDir, type Settings, type Target } from './config';
export { foldVerdicts } from './fold';
export { harnessErrorOf, harnessErrorVerdict } from './harness-error';
export { declaredRules, EXPLORATION_TAG, ruleOfTag, ruleTag } from './rules';
export { unmetNeedsByRule } from './needs';
export { clip, oneLine } from './one-line';
export { createRedactor, redactorFromEnv, type Redactor } from './redact';
export { TOKEN_NAMES, TOKEN_VARIABLES, tokensOfEnv, type TokenName, type Tokens } from './tokens';
export { encodeBody, encodeQuery, type Params } from './encode';
export { toCurl, type CurlRequest } from './curl';
export { readBody, messagesFormOf, statusMatches, type PayloadParts } from './read-body';
export { onStopSignal, stopCauseText, type StopCause } from './stop-signal';
