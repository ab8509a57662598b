import assert from 'node:assert/strict';

export type Kind = 'number' | 'datetime' | 'text';

/** Asserts records are ordered by field (absent values first when ascending), ties by the ID ascending. */
export function assertSorted(records: any[], field: string, kind: Kind, descending: boolean, idField: string): void {
  const key = (record: any): number | string | undefined => {
    const value = field.split('.').reduce((object, part) => object?.[part], record);
    if (value === undefined) return undefined;
    return kind === 'text' ? String(value).toLowerCase() : kind === 'datetime' ? Date.parse(`${value.replace(' ', 'T')}Z`) : value;
  };
  for (let index = 1; index < records.length; index++) {
    const [a, b] = [key(records[index - 1]), key(records[index])];
    let order = a === b ? 0 : a === undefined ? -1 : b === undefined ? 1 : a < b ? -1 : 1;
    if (descending) order = -order;
    const message = `${field} ${descending ? 'desc' : 'asc'} at ${index}: ${String(a)} then ${String(b)}`;
    assert.ok(order <= 0, message);
    if (order === 0) assert.ok(records[index - 1][idField] < records[index][idField], `tie-break ${message}`);
  }
}
