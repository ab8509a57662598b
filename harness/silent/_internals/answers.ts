/**
 * How the observers read answers: the model's record schema and ID field (harness/model), records read once
 * per answer, the successes of an operation once per traffic, parameters as sent.
 */
import type { ApiResponse, RecordedExchange, RecordedTraffic } from '../../check';
import { componentSchema, loadSpec, operationInfo, resolveSchema, valueAt, type SchemaNode } from '../../contract';
import { foldCase } from '../../oracles';
import type { OperationKey } from '../../types';
import { idField, type SearchOp } from '../../model';

export { idField, recordSchema, type SearchOp } from '../../model';

export const SEARCH_OPS: readonly SearchOp[] = ['groups.search', 'emails.search'];
export type Row = Record<string, unknown>;

export const isObject = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The operation as evidence names it: its path without the leading slash (`groups/search`). */
export const opName = (op: OperationKey): string => operationInfo(op).path.replace(/^\//, '');

const records = new WeakMap<ApiResponse, Row[]>();

/** The records of an answer (drivers' recordsOf), read once per answer: every observer reads them. */
export function recordsOf(response: ApiResponse): Row[] {
  let list = records.get(response);
  if (!list) records.set(response, (list = (response.records ?? []).filter(isObject)));
  return list;
}

const successes = new WeakMap<RecordedTraffic, Map<OperationKey, RecordedExchange[]>>();

/** The successful answers of an operation, in recorded order (once per traffic). */
export function answered(traffic: RecordedTraffic, op: OperationKey): RecordedExchange[] {
  let byOp = successes.get(traffic);
  if (!byOp) successes.set(traffic, (byOp = new Map()));
  let list = byOp.get(op);
  if (!list) byOp.set(op, (list = traffic.of(op).filter((exchange) => exchange.outcome === 'success')));
  return list;
}

const schemas = new Map<string, SchemaNode>();

/** A component schema of the spec, fully resolved (once per process). */
export function schemaNamed(name: string): SchemaNode {
  let schema = schemas.get(name);
  if (!schema) {
    const spec = loadSpec();
    schemas.set(name, (schema = resolveSchema(spec, componentSchema(spec, name))));
  }
  return schema;
}

/** The name of a search's record schema (Group, Email). */
export const recordName = (op: SearchOp): string => operationInfo(op).payload.records ?? '';

/** A record's own ID, when it is a number (or a string of digits). */
export function idOf(op: SearchOp, record: Row): number | undefined {
  const value = record[idField(op)];
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isFinite(id) ? id : undefined;
}

/** A parameter as sent, its letter case aside (undefined when not sent or not text). */
export const textParam = (exchange: ApiResponse, name: string): string | undefined => {
  const value = exchange.params[name];
  return typeof value === 'string' || typeof value === 'number' ? foldCase(value) : undefined;
};

/** A list parameter as sent, each value letter case aside. */
export const listParam = (exchange: ApiResponse, name: string): string[] => {
  const value = exchange.params[name];
  const items = Array.isArray(value) ? value : value === undefined ? [] : typeof value === 'string' ? value.split(',') : [value];
  return items.map((item) => foldCase(item)).filter((item) => item !== '');
};

/** A key for "the same request": its parameters (sorted, as sent) without some of them. */
export function requestKey(exchange: ApiResponse, ...leaveOut: string[]): string {
  const entries = Object.entries(exchange.params)
    .filter(([name]) => !leaveOut.includes(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/** The paging object of an answer as the body carries it (the parent of the profile's paging.page pointer). */
export function pagingObject(exchange: ApiResponse, pagePointer: string | undefined): unknown {
  if (pagePointer === undefined) return undefined;
  const parent = pagePointer.split('/').slice(0, -1).join('/');
  return parent === '' ? undefined : valueAt(exchange.payload, parent);
}
