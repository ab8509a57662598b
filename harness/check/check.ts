import type fc from 'fast-check';
import type { ApiClient, TrafficContext } from '../exchanges';
import type { Judgement, PropertyOptions, Target, CreatedContactsLog } from '../core';
import type { Observation } from './observation';
import { findRule } from '../contract';

/** What a check's driver is handed: the target, the one client, the shared observations and the exploration. It decides nothing. */
export interface CheckContext {
  target: Target;
  api: ApiClient;
  createdContacts: CreatedContactsLog;
  /** The value of a shared observation (computed once per worker; its exchanges are in the worker's log). */
  observe<T>(observation: Observation<T>): Promise<T>;
  /**
   * A driver's exploration: fast-check draws values (the run's seed, path, runs) and `send` sends each
   * one's requests; the check's own judge is the oracle that fails and shrinks a draw (exploreWithJudge).
   */
  explore<T>(arbitrary: fc.Arbitrary<T>, send: SendDraw<T>, options?: PropertyOptions): Promise<void>;
}

/** Sends one drawn value's requests (a driver's step); what it returns is ignored, what it sent is judged. */
export type SendDraw<T> = (value: T) => Promise<unknown>;

/**
 * What an exploration of the whole interface drives with: the client, the target, the contacts log, and
 * `sequences`, which runs drawn sequences with the run's seed and path, the model the oracle of each (a sequence
 * whose answers the model rejects shrinks, and the report shows the shortest: harness/runner/explore.ts).
 */
export interface ExplorationContext extends Pick<CheckContext, 'api' | 'target' | 'createdContacts'> {
  sequences<T>(arbitrary: fc.Arbitrary<T[]>, run: (steps: T[]) => Promise<void>, options?: PropertyOptions): Promise<void>;
}

/** What a rule's judge is handed: its rule, the target and exchanges (live: every one the worker recorded; offline: the recording). No I/O. */
export type JudgeContext = TrafficContext & { readonly rule: string };

/** One rule's check: `checks/<area>/<rule-id>.ts` default-exports `defineCheck({ rule, title, run })`. */
export interface Check {
  /** The rule of spec/rules.yaml this check judges; its Playwright tag, needs and verdicts derive from it. */
  readonly rule: string;
  /** What should hold, as the test title ("rpp within bounds is accepted, outside refused"). */
  readonly title: string;
  /**
   * The rule's one judge: a pure function of exchanges (request, answer read through the profile, timing)
   * that returns its verdicts with their evidence (harness/core/judgement.ts), sends nothing and records nothing. Offline (`--har`, the proxy) it judges
   * the recording; live, after `drive`, every exchange the worker has recorded, whichever test sent it.
   */
  judge(ctx: JudgeContext): Judgement | Promise<Judgement>;
  /** Sends the requests the rule needs and decides nothing; the verdict is `judge`'s. Absent: other drivers' exchanges suffice. */
  drive?(ctx: CheckContext): Promise<void> | void;
}

/** Declares a rule's check; an unknown rule ID throws when the check file loads (typos are loud). */
export function defineCheck(check: Check): Check {
  if (!findRule(check.rule)) throw new Error(`defineCheck: "${check.rule}" is no rule of spec/rules.yaml`);
  if (typeof check.judge !== 'function') throw new Error(`defineCheck: "${check.rule}" has no judge`);
  return Object.freeze({ ...check });
}
