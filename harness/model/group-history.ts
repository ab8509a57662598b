/**
 * What recorded imports did to group membership, read from the traffic in order: each group's member
 * counts as groups/search answers showed them (a sighting), and the one import naming the group between two
 * sightings (a step), with the change of totalMembers the documented semantics allow. Membership of a
 * contact in a group is known only where the traffic shows it: a contact the traffic created was in no
 * group; a step whose change is what the documented semantics allow leaves its contacts in (groupIDs) or out
 * of (removeGroupIDs) the group; anything else (an import naming the group with no sighting before and
 * after, two such imports between sightings, a change outside the range) leaves their membership unknown,
 * and an unknown membership widens the range of later steps. Pure: no I/O.
 */
import { servedInEitherOrder, type RecordedExchange, type RecordedTraffic, type Target } from '../check';
import { readInteger } from '../oracles';
import { perTraffic } from './per-traffic';
import { addressOf, importHistory, type RecordedImport } from './contact-book';
import { isObject } from './import-answer';

/** A group's counts as one groups/search answer showed them. */
export interface GroupSighting {
  exchange: RecordedExchange;
  groupID: number;
  total: number;
  active: number | undefined;
  /** type and status, lower case (undefined when the record did not carry them as text). */
  type: string | undefined;
  status: string | undefined;
}

/** Contacts a step may move, as a range: `sure` of them move under the documented semantics, up to `unsure` more may. */
export interface Movers {
  sure: number;
  unsure: number;
}

/** One import naming a Static group between two sightings of it, and what the documented semantics allow. */
export interface GroupStep {
  groupID: number;
  /** groupIDs (add) or removeGroupIDs (remove) named the group. */
  kind: 'add' | 'remove';
  /** updateExisting was not 0. */
  keepExisting: boolean;
  before: GroupSighting;
  after: GroupSighting;
  imported: RecordedImport;
  /** Contacts the call created (and failed rows, which may or may not move): they join on add, never leave. */
  fresh: Movers;
  /** Existing contacts: on add those not already members, on remove those that were. */
  existing: Movers;
  /** The change of totalMembers the sightings show. */
  observed: number;
  /** Whether the change is within what the documented semantics allow. */
  held: boolean;
  /** activeMembers around the step, when both sightings carry it (see ActiveChange). */
  active?: ActiveChange;
}

/**
 * What activeMembers did across a step: the change the sightings show, and the range the contacts that moved
 * allow ("active (not held or suppressed)"): each mover the traffic showed active counts, each it showed not
 * active does not, each of unknown standing may (signed: negative for a removal). A contact's standing is
 * learnt from an earlier step whose movers were all of one standing (activeMembers moved by all or none of them).
 */
export interface ActiveChange {
  observed: number;
  least: number;
  most: number;
  held: boolean;
}

/** An interval between two sightings of a Dynamic group, and the imports of the traffic inside it. */
export interface DynamicInterval {
  before: GroupSighting;
  after: GroupSighting;
  imports: RecordedImport[];
  /** The imports inside that named the group in groupIDs. */
  naming: RecordedImport[];
}

export interface GroupHistory {
  steps: GroupStep[];
  dynamic: DynamicInterval[];
}

const readIDs = (value: unknown): number[] | undefined => {
  if (value === undefined) return [];
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  const ids = items.map((item) => readInteger(typeof item === 'string' ? item.trim() : item));
  return ids.every((id) => id !== undefined) ? (ids as number[]) : undefined;
};

/** The groups an import named: groupIDs and removeGroupIDs, undefined when either cannot be read as integers. */
export function namedGroups(exchange: RecordedExchange): { add: number[]; remove: number[] } | undefined {
  const add = readIDs(exchange.params.groupIDs);
  const remove = readIDs(exchange.params.removeGroupIDs);
  return add && remove ? { add, remove } : undefined;
}

/** The groups a groups/search answer shows with their member counts. */
function sightingsOf(exchange: RecordedExchange): GroupSighting[] {
  if (exchange.op !== 'groups.search' || exchange.outcome !== 'success') return [];
  return (exchange.records ?? []).filter(isObject).flatMap((record): GroupSighting[] => {
    const groupID = readInteger(record.groupID);
    const total = readInteger(record.totalMembers);
    if (groupID === undefined || total === undefined) return [];
    const text = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : undefined);
    return [{ exchange, groupID, total, active: readInteger(record.activeMembers), type: text(record.type), status: text(record.status) }];
  });
}

interface Open {
  start: GroupSighting;
  naming: RecordedImport[];
  imports: RecordedImport[];
  /** An import inside named groups that cannot be read. */
  unreadable: boolean;
}

/** Membership of contacts (keyed as recorded imports key them) in groups, where the traffic shows it. */
class Membership {
  private readonly explicit = new Map<string, Map<number, boolean | undefined>>();
  private readonly created = new Set<string>();
  /** The keys seen under each address, letter case aside. */
  private readonly byAddress = new Map<string, Set<string>>();

  private see(key: string): void {
    const address = addressOf(key);
    if (!this.byAddress.has(address)) this.byAddress.set(address, new Set());
    this.byAddress.get(address)!.add(key);
  }

  of(key: string, groupID: number): boolean | undefined {
    const known = this.explicit.get(key);
    if (known?.has(groupID)) return known.get(groupID);
    return this.created.has(key) ? false : undefined;
  }

  set(key: string, groupID: number, member: boolean | undefined): void {
    this.see(key);
    // The same address in another letter case or under another token may be the same contact.
    for (const other of this.byAddress.get(addressOf(key))!) {
      if (!this.explicit.has(other)) this.explicit.set(other, new Map());
      this.explicit.get(other)!.set(groupID, other === key ? member : undefined);
    }
  }

  /** A contact the traffic saw created: in no group but those its import named. */
  markCreated(key: string): void {
    this.see(key);
    if (!this.explicit.has(key)) this.created.add(key);
  }

  /** An import whose groups cannot be read: its contacts' membership is unknown everywhere. */
  forget(key: string): void {
    this.see(key);
    this.created.delete(key);
    this.explicit.delete(key);
  }
}

/**
 * Whether contacts (keyed as recorded imports key them) are active, where a step showed it. Only of contacts the
 * traffic created: no history outside the run can have held or suppressed them, and no document names an
 * import changing a contact's standing (a suppressed one stays suppressed), so what a step showed stays known.
 */
class Activity {
  private readonly known = new Map<string, boolean>();
  private readonly created = new Set<string>();

  markCreated(key: string): void {
    this.created.add(key);
  }

  of(key: string | undefined): boolean | undefined {
    return key === undefined ? undefined : this.known.get(key);
  }

  /** Learns the standing of the movers of unknown standing when activeMembers moved by all or none of them. */
  learn(movers: readonly (string | undefined)[], activeMoved: number): void {
    const unknown = movers.filter((key) => this.of(key) === undefined);
    const counted = activeMoved - movers.filter((key) => this.of(key) === true).length;
    if (unknown.length === 0 || (counted !== 0 && counted !== unknown.length)) return;
    for (const key of unknown) if (key !== undefined && this.created.has(key)) this.known.set(key, counted > 0);
  }
}

/** Reads the traffic's sightings and imports in order into steps (Static groups) and intervals (Dynamic groups). */
export const groupHistory = perTraffic(readGroupHistory);

function readGroupHistory(traffic: RecordedTraffic, target: Pick<Target, 'profile'>): GroupHistory {
  const byIndex = new Map(importHistory(traffic, target).map((imported) => [imported.exchange.index, imported]));
  const membership = new Membership();
  const activity = new Activity();
  const history: GroupHistory = { steps: [], dynamic: [] };
  const open = new Map<number, Open>();
  const naming = new Map<number, RecordedExchange[]>();
  const everyImport = [...byIndex.values()].map((imported) => imported.exchange);
  for (const imported of byIndex.values()) {
    const groups = namedGroups(imported.exchange);
    for (const groupID of groups ? [...groups.add, ...groups.remove] : []) naming.set(groupID, [...(naming.get(groupID) ?? []), imported.exchange]);
  }
  const keysOf = (imported: RecordedImport): string[] => imported.rows.flatMap((item) => (item.key ? [item.key] : []));
  const unknownIn = (imported: RecordedImport, groupID: number) => {
    for (const key of keysOf(imported)) membership.set(key, groupID, undefined);
  };

  for (const exchange of traffic.exchanges) {
    if (exchange.op === 'contacts.import') {
      const imported = byIndex.get(exchange.index)!;
      const groups = namedGroups(exchange);
      if (!groups) {
        for (const key of keysOf(imported)) membership.forget(key);
        for (const interval of open.values()) interval.unreadable = true;
      } else {
        for (const groupID of new Set([...groups.add, ...groups.remove])) {
          const interval = open.get(groupID);
          if (interval) interval.naming.push(imported);
          else unknownIn(imported, groupID);
        }
      }
      for (const interval of open.values()) interval.imports.push(imported);
      for (const item of imported.rows) {
        if (!item.key || !item.row?.success || !item.row.inserted || item.repeated) continue;
        membership.markCreated(item.key);
        activity.markCreated(item.key);
      }
      continue;
    }
    // Whether any import may have been served before or after this answer: the same for every Dynamic group it shows (asked once).
    let besideAnyImport: boolean | undefined;
    for (const sighting of sightingsOf(exchange)) {
      // A sighting the target may have served before or after an import it concerns cannot say whether it saw the import's change.
      if (sighting.type === 'dynamic') {
        besideAnyImport ??= everyImport.some((other) => servedInEitherOrder(other, exchange));
        if (besideAnyImport) continue;
      } else if ((naming.get(sighting.groupID) ?? []).some((other) => servedInEitherOrder(other, exchange))) continue;
      const interval = open.get(sighting.groupID);
      if (interval) close(interval, sighting);
      open.set(sighting.groupID, { start: sighting, naming: [], imports: [], unreadable: false });
    }
  }
  return history;

  function close(interval: Open, after: GroupSighting): void {
    const { start: before, naming: named } = interval;
    const { groupID } = after;
    const observed = after.total - before.total;
    if (after.type === 'dynamic' || before.type === 'dynamic') {
      if (!interval.unreadable) {
        const adding = interval.naming.filter((imported) => namedGroups(imported.exchange)?.add.includes(groupID));
        history.dynamic.push({ before, after, imports: interval.imports, naming: adding });
      }
      return;
    }
    if (named.length === 0) return;
    const forget = () => named.forEach((imported) => unknownIn(imported, groupID));
    if (named.length > 1 || interval.unreadable) {
      return forget();
    }
    const imported = named[0]!;
    const groups = namedGroups(imported.exchange)!;
    const adds = groups.add.includes(groupID);
    const removes = groups.remove.includes(groupID);
    const readable = imported.reading.accepted && imported.reading.rows !== undefined && imported.rows.length > 0 && imported.rows.every((item) => item.row !== undefined && !item.repeated);
    const judgeable = adds !== removes && readable && (imported.updateExisting !== 'unreadable') && after.type === 'static' && after.status === 'active';
    if (!judgeable) {
      return forget();
    }
    const fresh: Movers = { sure: 0, unsure: 0 };
    const existing: Movers = { sure: 0, unsure: 0 };
    /** The keys of the contacts that surely move, and of those that may. */
    const movers = { sure: [] as (string | undefined)[], unsure: [] as (string | undefined)[] };
    for (const { row, key } of imported.rows) {
      const member = key === undefined ? undefined : membership.of(key, groupID);
      if (!row!.success) {
        if (adds ? member !== true : member !== false) {
          fresh.unsure += 1;
          movers.unsure.push(key);
        }
      } else if (row!.inserted) {
        if (adds) {
          fresh.sure += 1;
          movers.sure.push(key);
        }
      } else if (member === undefined) {
        existing.unsure += 1;
        movers.unsure.push(key);
      } else if (adds ? !member : member) {
        existing.sure += 1;
        movers.sure.push(key);
      }
    }
    const sure = fresh.sure + existing.sure;
    const most = sure + fresh.unsure + existing.unsure;
    const held = adds ? observed >= sure && observed <= most : observed <= -sure && observed >= -most;
    const active = activeChange(adds, before, after, movers);
    history.steps.push({ groupID, kind: adds ? 'add' : 'remove', keepExisting: imported.updateExisting !== 'off', before, after, imported, fresh, existing, observed, held, ...(active ? { active } : {}) });
    // Where every mover surely moved and the counts agree, activeMembers tells their standing.
    if (held && active?.held && movers.unsure.length === 0) activity.learn(movers.sure, adds ? active.observed : -active.observed);
    for (const { row, key } of imported.rows) if (key !== undefined) membership.set(key, groupID, held && row!.success ? adds : undefined);
  }

  /** activeMembers across a step: what the sightings show, and the range the movers' standing allows (signed). */
  function activeChange(adds: boolean, before: GroupSighting, after: GroupSighting, movers: { sure: (string | undefined)[]; unsure: (string | undefined)[] }): ActiveChange | undefined {
    if (before.active === undefined || after.active === undefined) return undefined;
    const least = movers.sure.filter((key) => activity.of(key) === true).length;
    const most = [...movers.sure, ...movers.unsure].filter((key) => activity.of(key) !== false).length;
    const observed = after.active - before.active;
    const [low, high] = adds ? [least, most] : [-most, -least];
    return { observed, least: low, most: high, held: observed >= low && observed <= high };
  }
}
