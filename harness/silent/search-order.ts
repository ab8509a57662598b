/** The order of search answers where the documents place nothing: ties, records without a value, text collation. */
import type { RecordedExchange, RecordedTraffic } from '../check';
import { foldCase, isAbsent, TEXT_COLLATIONS, type Direction } from '../oracles';
import { answered, idOf, opName, recordSchema, recordsOf, SEARCH_OPS, type Row, type SearchOp } from './_internals/answers';
import { together, type OpenReadings } from './_internals/candidates';
import { observer } from './_internals/sighting';

interface SortedAnswer {
  field: string;
  direction: Direction;
  records: Row[];
}

/** The answers to an explicit sortField and sortDirection (each as the spec spells it, in any letter case). */
function sortedAnswers(traffic: RecordedTraffic, op: SearchOp): SortedAnswer[] {
  const fields = Object.keys(recordSchema(op).properties ?? {});
  return answered(traffic, op).flatMap((exchange: RecordedExchange) => {
    const field = fields.find((name) => foldCase(name) === foldCase(exchange.params.sortField));
    const direction = foldCase(exchange.params.sortDirection);
    return field && (direction === 'asc' || direction === 'desc') ? [{ field, direction: direction as Direction, records: recordsOf(exchange) }] : [];
  });
}

const DIRECTIONS: readonly Direction[] = ['asc', 'desc'];

export const tieOrder = observer('search.tie-order', (traffic) => {
  const scopes: OpenReadings[] = [];
  for (const op of SEARCH_OPS) {
    // Per direction of the sort: whether tied records came by ID up, down.
    const seen = { asc: new Set<'up' | 'down'>(), desc: new Set<'up' | 'down'>() };
    for (const { field, direction, records } of sortedAnswers(traffic, op)) {
      for (let i = 1; i < records.length; i++) {
        const [a, b] = [records[i - 1]!, records[i]!];
        const [u, v] = [a[field], b[field]];
        if (isAbsent(u) || (u !== v && (typeof u !== 'object' || JSON.stringify(u) !== JSON.stringify(v)))) continue;
        const [x, y] = [idOf(op, a), idOf(op, b)];
        if (x !== undefined && y !== undefined && x !== y) seen[direction].add(x < y ? 'up' : 'down');
      }
    }
    if (seen.asc.size + seen.desc.size === 0) continue;
    const only = (direction: Direction, way: 'up' | 'down') => [...seen[direction]].every((w) => w === way);
    const fits: Record<string, boolean> = {
      'id-ascending': only('asc', 'up') && only('desc', 'up'),
      'id-descending': only('asc', 'down') && only('desc', 'down'),
      'id-in-direction': only('asc', 'up') && only('desc', 'down'),
    };
    const shown = DIRECTIONS.filter((d) => seen[d].size > 0).map((d) => `${d}: ${[...seen[d]].sort().map((w) => (w === 'up' ? 'ID ascending' : 'ID descending')).join(' and ')}`);
    const evidence = `${opName(op)} tied records under sortDirection ${shown.join('; ')}`;
    const open = Object.keys(fits).filter((reading) => fits[reading]);
    scopes.push({ open: open.length > 0 ? open : ['other'], evidence });
  }
  return together(scopes);
});

export const absentInSort = observer('search.absent-in-sort', (traffic) => {
  const scopes: OpenReadings[] = [];
  for (const op of SEARCH_OPS) {
    const seen = { asc: new Set<'first' | 'last'>(), desc: new Set<'first' | 'last'>() };
    for (const { field, direction, records } of sortedAnswers(traffic, op)) {
      const absent = records.map((record) => isAbsent(record[field]));
      const firstValued = absent.indexOf(false);
      const firstAbsent = absent.indexOf(true);
      if (firstValued < 0 || firstAbsent < 0) continue;
      const lastValued = absent.lastIndexOf(false);
      const lastAbsent = absent.lastIndexOf(true);
      if (lastAbsent < firstValued) seen[direction].add('first');
      else if (firstAbsent > lastValued) seen[direction].add('last');
    }
    if (seen.asc.size + seen.desc.size === 0) continue;
    const only = (direction: Direction, place: 'first' | 'last') => [...seen[direction]].every((p) => p === place);
    const fits: Record<string, boolean> = {
      lowest: only('asc', 'first') && only('desc', 'last'),
      last: only('asc', 'last') && only('desc', 'last'),
      first: only('asc', 'first') && only('desc', 'first'),
    };
    const shown = DIRECTIONS.filter((d) => seen[d].size > 0).map((d) => `${d}: ${[...seen[d]].sort().join(' and ')}`);
    const open = Object.keys(fits).filter((reading) => fits[reading]);
    if (open.length < Object.keys(fits).length) scopes.push({ open, evidence: `${opName(op)} records without the sort value, sortDirection ${shown.join('; ')}` });
  }
  return together(scopes);
});

/** The text fields of a record (string, no datetime format). */
const textFields = (op: SearchOp): Set<string> =>
  new Set(Object.entries(recordSchema(op).properties ?? {}).filter(([, schema]) => schema.type === 'string' && !schema.format).map(([name]) => name));

export const textCollation = observer('search.text-collation', (traffic) => {
  const scopes: OpenReadings[] = [];
  for (const op of SEARCH_OPS) {
    const texts = textFields(op);
    const fits = new Map<string, boolean>(Object.keys(TEXT_COLLATIONS).map((reading) => [reading, true]));
    const fields = new Set<string>();
    for (const { field, direction, records } of sortedAnswers(traffic, op)) {
      if (!texts.has(field)) continue;
      const values = records.map((record) => record[field]).filter((value): value is string => typeof value === 'string' && value !== '');
      for (let i = 1; i < values.length; i++) {
        const [a, b] = direction === 'asc' ? [values[i - 1]!, values[i]!] : [values[i]!, values[i - 1]!];
        if (a === b) continue;
        fields.add(field);
        for (const [reading, compare] of Object.entries(TEXT_COLLATIONS)) if (compare(a, b) > 0) fits.set(reading, false);
      }
    }
    if (fields.size === 0) continue;
    const open = [...fits].filter(([, fit]) => fit).map(([reading]) => reading);
    const ruledOut = [...fits].filter(([, fit]) => !fit).map(([reading]) => reading);
    const evidence = `${opName(op)} sorted by ${[...fields].sort().join(', ')} -> ${open.length > 0 ? `fits ${open.join(', ')}` : 'fits no one collation'}${ruledOut.length > 0 ? `; not ${ruledOut.join(', ')}` : ''}`;
    if (ruledOut.length > 0) scopes.push({ open, evidence });
  }
  return together(scopes);
});
