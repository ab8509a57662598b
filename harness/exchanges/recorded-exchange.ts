import type { ApiResponse, Target, TokenName } from '../core';
import type { OperationKey } from '../types';

/** Where a recorded request carried an access token (the token itself is redacted as the traffic is read). */
export interface RecordedToken {
  header: boolean;
  query: boolean;
  body: boolean;
  /** A stable stand-in for the token's value ("token#1"), so that two exchanges can be told to share a token. */
  id?: string;
  /**
   * Which token it was, when whoever recorded the exchange knew: live, always (the harness chose it; `unissued`
   * is a token it made up); offline, when the run is given the tokens (EMS_TOKEN, ...), by their value. Absent,
   * a judge knows a token only by what the exchanges show.
   */
  role?: TokenRole;
}

/** Whether the request carried its token in the Authorization header alone (the one documented place). */
export const headerOnly = (exchange: { token: RecordedToken }): boolean => exchange.token.header && !exchange.token.query && !exchange.token.body;

/** A configured token's name, or a token the harness made up that nobody issued. */
export type TokenRole = TokenName | 'unissued';

/**
 * One exchange read from recorded traffic (a HAR entry or the proxy): the same reading as a live answer
 * (profile, validation, records, paging, job, evidence `curl`), plus its place and time in the traffic.
 */
export interface RecordedExchange extends ApiResponse {
  /** Position in the traffic, 0-based, in recorded order. */
  index: number;
  /** When the request started (epoch ms, sub-millisecond where the recorder timed it so), from the recording. */
  startedAt: number;
  /**
   * The clock that timed it, where the recording names one (a whole run: one per worker's log; absent in a HAR
   * or the proxy's recording, one clock): times of two lanes are compared with a margin (clock.ts).
   */
  lane?: number;
  token: RecordedToken;
}

/** The exchanges with this API, in recorded order. */
export interface RecordedTraffic {
  readonly exchanges: readonly RecordedExchange[];
  /** The exchanges of one operation, in recorded order. */
  of(op: OperationKey): readonly RecordedExchange[];
}

/**
 * What a rule's judge is handed: the target and recorded exchanges. It sends no request and records nothing:
 * it returns its verdicts (harness/core/judgement.ts). A judge that finds nothing in the traffic that decides
 * its rule returns `inconclusive(NOT_OBSERVED + ': <what was missing>')`; it never passes on no evidence.
 */
export interface TrafficContext {
  target: Target;
  traffic: RecordedTraffic;
}

/** The reason every traffic verdict that lacks evidence starts with. */
export const NOT_OBSERVED = 'not observed in the traffic';
