/** How records carry values: absent values, booleans, members the documents do not name. */
import type { ApiResponse } from '../check';
import { valueAt, type SchemaNode } from '../contract';
import { foldCase } from '../oracles';
import { answered, idField, isObject, opName, pagingObject, recordName, recordSchema, recordsOf, schemaNamed, SEARCH_OPS, type Row } from './_internals/answers';
import { observer, saw, Sightings } from './_internals/sighting';

/** The optional fields of a record that hold a datetime or refer to another record: where a value may be absent. */
function absentableFields(schema: SchemaNode, ownID: string): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .filter(([name, field]) => !required.has(name) && name !== ownID && (field.format === 'ems-datetime' || field.format === 'ems-date' || /ID$/.test(name)))
    .map(([name]) => name)
    .sort();
}

export const absentValue = observer('records.absent-value', (traffic) => {
  const sightings = new Sightings();
  for (const op of SEARCH_OPS) {
    const name = recordName(op);
    const where = `${opName(op)} ${name} record`;
    const fields = absentableFields(recordSchema(op), idField(op));
    // Per field, the forms seen (each said once).
    const omitted = new Set<string>();
    const empty = new Set<string>();
    for (const exchange of answered(traffic, op)) {
      for (const record of recordsOf(exchange)) {
        for (const field of fields) {
          const value = record[field];
          if (value === undefined && !(field in record)) omitted.add(field);
          else if (value === '') empty.add(field);
        }
      }
    }
    for (const field of omitted) sightings.add('omitted', `${where} -> ${field} omitted`);
    for (const field of empty) sightings.add('empty-string', `${where} -> ${field} ""`);
  }
  return sightings.list();
});

export const booleanForm = observer('records.boolean-form', (traffic) => {
  const sightings = new Sightings();
  for (const exchange of answered(traffic, 'groups.search')) {
    for (const record of recordsOf(exchange)) {
      const value = record.private;
      if (typeof value === 'boolean') sightings.add('boolean', 'groups/search Group record -> private true/false');
      else if (value === 0 || value === 1 || value === '0' || value === '1') sightings.add('integer', 'groups/search Group record -> private 0/1');
    }
  }
  return sightings.list();
});

/** Members of a value its schema does not name, as pointers (`/metrics/hardBounces`; an array item is `*`), through objects and arrays. */
function undocumented(value: unknown, schema: SchemaNode, found: Set<string>, at = ''): void {
  if (Array.isArray(value)) {
    if (schema.items && typeof schema.items === 'object') for (const item of value) undocumented(item, schema.items as SchemaNode, found, `${at}/*`);
    return;
  }
  if (!isObject(value) || !schema.properties) return;
  for (const key in value) {
    const member = schema.properties[key];
    if (!member) found.add(`${at}/${key}`);
    else if (typeof value[key] === 'object' && value[key] !== null) undocumented(value[key], member, found, `${at}/${key}`);
  }
}

export const extraMembers = observer('records.extra-members', (traffic, target) => {
  const found = new Map<string, Set<string>>();
  let read = 0;
  const look = (where: string, value: unknown, schema: SchemaNode) => {
    if (!isObject(value) && !Array.isArray(value)) return;
    read++;
    let members = found.get(where);
    if (!members) found.set(where, (members = new Set()));
    undocumented(value, schema, members);
  };
  const { pointers } = target.profile;
  for (const op of SEARCH_OPS) {
    const [record, paging, schema] = [`${opName(op)} ${recordName(op)} record`, `${opName(op)} paging`, recordSchema(op)];
    for (const exchange of answered(traffic, op)) {
      for (const each of recordsOf(exchange)) look(record, each, schema);
      look(paging, pagingObject(exchange, pointers.paging.page), schemaNamed('Paging'));
    }
  }
  for (const exchange of answered(traffic, 'contacts.import')) look('contacts/import answer', exchange.importResult, schemaNamed('ImportResponse'));
  // A jobStatus answer's members beyond the documented ones are exports.job-extras' to observe: read here too, one reading would drift two points.
  const extras = [...found].flatMap(([where, members]) => [...members].map((pointer) => saw('extra', `${where} -> undocumented member ${pointer.slice(1)}`)));
  if (extras.length > 0) return extras;
  return read > 0 ? [saw('none', 'records, paging and answers read -> only documented members')] : [];
});

/** The job object of a jobStatus answer (the parent of the profile's job status pointer). */
export function jobObject(exchange: ApiResponse, statusPointer: string): Row | undefined {
  const parent = statusPointer.split('/').slice(0, -1).join('/');
  const value = parent === '' ? exchange.payload : valueAt(exchange.payload, parent);
  return isObject(value) ? value : undefined;
}

/** A record's status, letter case aside. */
export const statusOf = (record: Row): string => foldCase(record.status);
