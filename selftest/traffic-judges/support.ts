/**
 * Recorded traffic for the traffic judges' unit tests: raw exchanges built the way a conforming target
 * answers (a search pages a list of records), read with harness/exchanges' builder, and a check's
 * judge run on them, as a traffic run runs it (harness/core judgeTraffic).
 */
import assert from 'node:assert/strict';
import { operationInfo } from '../../harness/contract';
import { type Target } from '../../harness/core';
import { judgeExchanges, type Check } from '../../harness/check';
import { recordedTraffic, trafficOf, type RawExchange } from '../../harness/exchanges';
import type { OperationKey, Verdict } from '../../harness/types';
import { testTarget, TOKENS } from '../core/support/target';

export const target: Target = testTarget();
/** When the recorded requests started (a window's missing bound is its default from then). */
export const RECORDED_AT = Date.UTC(2024, 5, 1, 12);
export type Params = Record<string, unknown>;
export type Row = Record<string, unknown>;

const AUTH = { Authorization: `Bearer ${TOKENS.EMS_TOKEN}` };

export const ok = (data: unknown) => ({ success: 1, code: 0, errors: [], data, requestID: 'R1' });
export const refused = (message = 'refused') => ({ success: 0, code: 400, errors: [message], data: {}, requestID: 'R2' });

export function group(id: number, over: Row = {}): Row {
  return {
    groupID: id, groupName: `Group ${String(id).padStart(3, '0')}`, status: 'Active', friendlyName: `Group ${id}`, description: '', private: 0,
    userID: 7, autoResponseEmailID: '', dateAdded: `2020-01-${String((id % 28) + 1).padStart(2, '0')} 10:00:00`, dateModified: '', dateLastEmailSent: '',
    totalMembers: 10 * id, activeMembers: 5 * id, type: 'Static', ...over,
  };
}

export function email(id: number, over: Row = {}): Row {
  return {
    emailID: id, deliveryType: 'Manual', status: 'Sent', templateID: 1, userID: 3, subject: `Subject ${id}`, title: `Title ${id}`,
    fromName: 'Us', fromAddress: 'us@example.com', replyToName: 'Us', replyToAddress: 'us@example.com',
    dateAdded: '2024-01-01 10:00:00', dateModified: '2024-01-01 10:00:00', dateSent: '2024-01-02 10:00:00',
    metrics: {}, schedule: { dateScheduled: '', confirmed: 0 }, parentEmailID: '', abSplitID: '', campaignIDs: [], ...over,
  };
}

/** A query string (repeated keys for arrays, 0/1 booleans: the service profile's way). */
function query(params: Params): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) search.append(name, typeof item === 'boolean' ? (item ? '1' : '0') : String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface Call {
  method?: 'GET' | 'POST';
  /** Request headers (default: the full token in the Authorization header). */
  headers?: Record<string, string>;
  startedAt?: number;
}

/** A request of an operation with parameters, answered with a body. */
export function call(op: OperationKey, params: Params, responseBody: unknown, { method = 'GET', headers = AUTH, startedAt = RECORDED_AT }: Call = {}): RawExchange {
  const url = `${target.baseUrl}${operationInfo(op).path}${method === 'GET' ? query(params) : ''}`;
  return {
    method, url, headers, status: 200, responseBody: responseBody as object,
    ...(method === 'POST' ? { body: JSON.stringify(params) } : {}),
    startedAt,
  };
}

/** A search answered as a conforming target pages `all` (page and rpp as sent, else 1 and 20); `answer` may change the data. */
export function search(op: 'groups.search' | 'emails.search', params: Params, all: Row[], options: Call & { answer?: (data: { records: Row[]; paging: Row }) => unknown } = {}): RawExchange {
  const page = typeof params.page === 'number' ? params.page : 1;
  const rpp = typeof params.rpp === 'number' ? params.rpp : 20;
  const records = all.slice((page - 1) * rpp, page * rpp);
  const totalPages = Math.ceil(all.length / rpp);
  const link = (p: number) => `${target.baseUrl}${operationInfo(op).path}?page=${p}&rpp=${rpp}`;
  const paging = { page, rpp, totalPages, totalRecords: all.length, next: page < totalPages ? link(page + 1) : '', prev: page > 1 ? link(page - 1) : '' };
  const data = { records, paging };
  return call(op, params, ok(options.answer ? options.answer(data) : data), options);
}

/** Every page of a search of `all` at rpp (a walk read to its end). */
export const walk = (op: 'groups.search' | 'emails.search', params: Params, all: Row[], rpp: number, options: Call = {}): RawExchange[] =>
  Array.from({ length: Math.max(1, Math.ceil(all.length / rpp)) }, (_, i) => search(op, { ...params, rpp, page: i + 1 }, all, options));

/** The folded verdict of a check's rule on the traffic: its judge's. */
export async function judged(check: Check, raws: RawExchange[], targetOf: Target = target, reading: { knowTokens?: boolean; lanes?: readonly number[] } = {}): Promise<Verdict> {
  const read = trafficOf(targetOf, raws, reading);
  // A whole run's traffic: each exchange timed by its worker's clock (lanes[i] for raws[i]).
  const traffic = reading.lanes ? recordedTraffic(read.exchanges.map((exchange) => ({ ...exchange, lane: reading.lanes![exchange.index] }))) : read;
  return (await judgeExchanges(check, targetOf, traffic)) ?? { rule: check.rule, verdict: 'skipped', evidence: [], requests: 0 };
}

/** The three verdicts of a traffic judge: pass on conforming traffic, fail naming the rule (with evidence) on violating traffic, inconclusive on unrelated traffic. */
export async function expectVerdicts(check: Check, cases: { pass: RawExchange[]; fail: RawExchange[]; none: RawExchange[] }): Promise<void> {
  const { rule } = check;
  const pass = await judged(check, cases.pass);
  assert.equal(pass.verdict, 'pass', `${rule} on conforming traffic: ${pass.reason}`);
  const fail = await judged(check, cases.fail);
  assert.equal(fail.verdict, 'fail', `${rule} on violating traffic: ${fail.reason}`);
  assert.equal(fail.rule, rule);
  assert.ok(fail.evidence.length > 0 && fail.evidence[0]!.curl, 'the failure carries the exchange as evidence');
  const none = await judged(check, cases.none);
  assert.equal(none.verdict, 'inconclusive', `${rule} on unrelated traffic: ${none.reason}`);
  assert.match(none.reason ?? '', /^not observed in the traffic/);
  if (process.env.TRAFFIC_JUDGES_DEBUG) console.log(`${rule}\n  pass: ${pass.reason}\n  fail: ${fail.reason}\n  none: ${none.reason}`);
}

/** A check of an area's list by its rule. */
export const checkOf = (checks: readonly Check[], rule: string): Check => {
  const found = checks.find((c) => c.rule === rule);
  if (!found) throw new Error(`no check of ${rule}`);
  return found;
};

/** Traffic that decides no search rule: one ping. */
export const PING = [call('helper.ping', {}, ok({ message: 'pong' }))];
