import { change, type SpecChange } from './spec-change';
import type { Constraints, FieldMap } from './spec-view';

/**
 * Which side of the exchange a field is on decides what breaks clients: a request field breaks them when it
 * narrows (they may send what is now refused); a response field breaks them when it widens (they may read
 * what they were never told about) or goes missing.
 */
export type Side = 'request' | 'response';

const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxItems', 'maxLength'] as const;
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minItems', 'minLength'] as const;

/** Compares two field maps of one operation or schema; `label` names a field in a change's `where`. */
export function diffFields(before: FieldMap, after: FieldMap, side: Side, label: (path: string) => string): SpecChange[] {
  const changes: SpecChange[] = [];
  const removed = [...before.keys()].filter((path) => !after.has(path));
  const added = [...after.keys()].filter((path) => !before.has(path));
  for (const path of outermost(removed)) {
    changes.push(change(label(path), 'removed', true, side === 'request'
      ? 'clients that send it are no longer described'
      : 'clients that read it find nothing'));
  }
  for (const path of outermost(added)) {
    const required = side === 'request' && after.get(path)?.required === true;
    changes.push(change(label(path), 'added', required, required
      ? 'a new required input: existing clients do not send it'
      : side === 'request' ? 'a new optional input' : 'a new output clients may ignore'));
  }
  for (const [path, old] of before) {
    const now = after.get(path);
    if (now) changes.push(...diffConstraints(old, now, side, label(path)));
  }
  return changes;
}

/** Paths whose parent is not in the list too: a removed object is one change, not one per field. */
function outermost(paths: string[]): string[] {
  const set = new Set(paths);
  return paths.filter((path) => !parentsOf(path).some((parent) => set.has(parent)));
}

function parentsOf(path: string): string[] {
  const parents: string[] = [];
  for (let i = path.length - 1; i > 0; i--) {
    if (path[i] === '.' || path.startsWith('[]', i)) parents.push(path.slice(0, i));
  }
  if (path.includes(' ')) parents.push(path.slice(0, path.indexOf(' ')));
  return parents;
}

function diffConstraints(old: Constraints, now: Constraints, side: Side, where: string): SpecChange[] {
  const changes: SpecChange[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(old.type, now.type)) changes.push(change(where, 'type', true, 'the value has another type', old.type, now.type));
  if (!same(old.format, now.format)) changes.push(change(where, 'format', true, 'the value has another format', old.format, now.format));
  if (!same(old.in, now.in)) changes.push(change(where, 'location', true, 'the parameter travels elsewhere', old.in, now.in));
  if (!same(old.pattern, now.pattern)) changes.push(change(where, 'pattern', true, 'values are matched against another pattern', old.pattern, now.pattern));
  changes.push(...diffEnum(old.enum, now.enum, side, where));
  for (const bound of UPPER_BOUNDS) changes.push(...diffBound(bound, old[bound], now[bound], 'upper', side, where));
  for (const bound of LOWER_BOUNDS) changes.push(...diffBound(bound, old[bound], now[bound], 'lower', side, where));
  if (!same(old.default, now.default) && side === 'request') {
    const documented = old.default === undefined;
    changes.push(change(where, 'default', !documented, documented
      ? 'a default is now documented for omitting it'
      : 'clients that omit it get another behaviour', old.default, now.default));
  }
  if (Boolean(old.required) !== Boolean(now.required)) {
    const nowRequired = now.required === true;
    const breaking = side === 'request' ? nowRequired : !nowRequired;
    const reason = side === 'request'
      ? nowRequired ? 'clients that omit it are refused' : 'clients may now omit it'
      : nowRequired ? 'clients can rely on it being present' : 'clients relying on it may find it missing';
    changes.push(change(where, 'required', breaking, reason, Boolean(old.required), nowRequired));
  }
  return changes;
}

function diffEnum(old: unknown[] | undefined, now: unknown[] | undefined, side: Side, where: string): SpecChange[] {
  if (old === undefined && now === undefined) return [];
  if (old === undefined || now === undefined) {
    const narrows = old === undefined;
    return [change(where, narrows ? 'enum added' : 'enum dropped', side === 'request' ? narrows : !narrows, narrows
      ? 'values are now limited to a list'
      : 'values are no longer limited to a list', old, now)];
  }
  const key = (v: unknown) => JSON.stringify(v);
  const removed = old.filter((v) => !now.some((w) => key(w) === key(v)));
  const added = now.filter((v) => !old.some((w) => key(w) === key(v)));
  const changes: SpecChange[] = [];
  const list = (values: unknown[]) => values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
  if (removed.length) {
    changes.push(change(where, `enum values removed: ${list(removed)}`, side === 'request', side === 'request'
      ? 'clients that send these values are refused'
      : 'these values no longer come back', old, now));
  }
  if (added.length) {
    changes.push(change(where, `enum values added: ${list(added)}`, side === 'response', side === 'response'
      ? 'clients may receive values they do not know'
      : 'clients may send more values', old, now));
  }
  return changes;
}

function diffBound(name: string, old: number | undefined, now: number | undefined, kind: 'upper' | 'lower', side: Side, where: string): SpecChange[] {
  if (old === now) return [];
  const tighter = now !== undefined && (old === undefined || (kind === 'upper' ? now < old : now > old));
  const breaking = side === 'request' ? tighter : !tighter;
  const reason = side === 'request'
    ? tighter ? `${kind === 'upper' ? 'lowered' : 'raised'}: values clients may send are now refused` : 'loosened: clients may send more'
    : tighter ? 'tightened: clients receive a narrower range' : 'loosened: clients may receive values outside the old range';
  return [change(where, name, breaking, reason, old, now)];
}
