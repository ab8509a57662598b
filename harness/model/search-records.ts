/**
 * What a documented search returns, read from the spec: the record schema, its ID field, how each field
 * compares, the records and IDs of an answer, and the fields its order is decided by. Pure.
 */
import type { ApiResponse } from '../check';
import { componentSchema, loadSpec, operationInfo, resolveSchema, type SchemaNode } from '../contract';
import type { OrderedEntry, SearchRecord, ValueKind } from '../oracles';
import { param } from '../../generators';

export type { SearchRecord } from '../oracles';

export type SearchOp = 'groups.search' | 'emails.search';

export type Params = Record<string, unknown>;

const recordSchemas = new Map<SearchOp, SchemaNode>();

/** The record schema of a search (the spec's x-payload.records), fully resolved (once per process: judges read it for every record). */
export function recordSchema(op: SearchOp): SchemaNode {
  let schema = recordSchemas.get(op);
  if (!schema) recordSchemas.set(op, (schema = resolvedRecordSchema(op)));
  return schema;
}

function resolvedRecordSchema(op: SearchOp): SchemaNode {
  const name = operationInfo(op).payload.records;
  if (!name) throw new Error(`spec/openapi.yaml: ${op} has no x-payload.records`);
  const spec = loadSpec();
  return resolveSchema(spec, componentSchema(spec, name));
}

const idFields = new Map<SearchOp, string>();

/** The record's ID field: the schema name + "ID" (Group → groupID, Email → emailID), checked against the schema (once per process: judges ask it of every record). */
export function idField(op: SearchOp): string {
  let field = idFields.get(op);
  if (field !== undefined) return field;
  const name = operationInfo(op).payload.records ?? '';
  field = `${name.charAt(0).toLowerCase()}${name.slice(1)}ID`;
  if (!recordSchema(op).properties?.[field]) throw new Error(`spec/openapi.yaml: ${name} has no ${field}`);
  idFields.set(op, field);
  return field;
}

/** How a record field compares, from its documented type: integer → number, ems-datetime → datetime, string → string. */
export function fieldKind(op: SearchOp, field: string): ValueKind {
  const schema = recordSchema(op).properties?.[field];
  if (!schema) throw new Error(`spec/openapi.yaml: the ${op} record has no field ${field}`);
  if (schema.format === 'ems-datetime' || schema.format === 'ems-date') return 'datetime';
  if (schema.type === 'integer' || schema.type === 'number') return 'number';
  if (schema.type === 'string') return 'string';
  throw new Error(`spec/openapi.yaml: ${op} field ${field} has no sortable type (${String(schema.type)})`);
}

export const recordsOf = (response: ApiResponse): SearchRecord[] =>
  (response.records ?? []).filter((r): r is SearchRecord => typeof r === 'object' && r !== null);

export const idsOf = (op: SearchOp, records: readonly unknown[]): unknown[] => {
  const field = idField(op);
  return records.map((r) => (typeof r === 'object' && r !== null ? (r as SearchRecord)[field] : undefined));
};

/**
 * The record fields a search's order is decided by: sortField when given, else the documented default
 * (groups: groupName; emails: every field of x-default-sorts, since the default depends on status).
 */
export function orderFields(op: SearchOp, params: Params): string[] {
  const properties = recordSchema(op).properties ?? {};
  if (typeof params.sortField === 'string' && properties[params.sortField]) return [params.sortField];
  const schema = param(op, 'sortField') as { default?: unknown; 'x-default-sorts'?: { sortField?: unknown }[] };
  if (typeof schema.default === 'string' && properties[schema.default]) return [schema.default];
  const fields = (schema['x-default-sorts'] ?? []).map((entry) => entry.sortField).filter((f): f is string => typeof f === 'string');
  return [...new Set(fields)];
}

/** The records of an answer as ID and sort key (the order fields' values), for comparisons that leave ties aside. */
export function orderedEntries(op: SearchOp, records: readonly SearchRecord[], params: Params): OrderedEntry[] {
  const fields = orderFields(op, params);
  const ids = idsOf(op, records);
  // No known order field: every record is its own key, so no two records tie.
  return records.map((record, i) => ({ id: ids[i], key: JSON.stringify(fields.length === 0 ? [ids[i]] : fields.map((field) => record[field] ?? null)) }));
}
