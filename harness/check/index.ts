/**
 * harness/check: what a rule's check is (`defineCheck({ rule, title, drive, judge })`), the contexts its driver
 * and its judge get, shared observations, and the pure judging of a check over exchanges (`judgeExchanges`,
 * `judgeTraffic`). The add-a-rule recipe is this folder's README.md.
 *
 * This index is also the one entry of the harness for the rules under checks/: it re-exports what a driver or
 * a judge names from harness/core and harness/exchanges, so a check imports the harness from here alone.
 */
export { defineCheck, type Check, type CheckContext, type ExplorationContext, type JudgeContext, type SendDraw } from './check';
export { observation, observeOnce, type Observation, type ObservationContext, type ObservationStore, type Observed } from './observation';
export { judgeExchanges, judgeLive, judgeTraffic } from './judge-exchanges';

// For the rules' drivers and judges.
export {
  checked, failed, harnessErrorVerdict, inconclusive, isOutage, messagesFormOf, passed, responseEvidence, skipped, statusMatches, TOKEN_NAMES, Unjudged,
  type ApiResponse, type CheckDetails, type CreatedContactsLog, type ExportJobView, type Judgement, type Outcome, type Paging, type RuleVerdict, type SampleEvidence,
  type Target, type TokenName,
} from '../core';
export {
  NOT_OBSERVED, endOf, headerOnly, servedBefore, servedInEitherOrder, type Timed,
  type ApiClient, type CallOptions, type RecordedExchange, type RecordedToken, type RecordedTraffic, type TokenChoice, type TokenPlacement,
  type TokenRole, type TrafficContext,
} from '../exchanges';
