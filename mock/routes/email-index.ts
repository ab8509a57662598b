/**
 * The emails of one of the store's sets narrowed by the search's ID-like filters (emailIDs, userID, campaignID,
 * parentEmailID) through an index built once per set, in the set's own order: at a large account (`--scale 200`,
 * over 100,000 manual emails) scanning the whole set for a search that names a few emails or one user was most of
 * a distinct search's cost. Only a superset of the matches: the search's filter still decides every email. Used by
 * a mock without faults (a fault may ignore one of these filters, which the index would apply regardless).
 */
import type { Email } from '../data/model';
import type { EmailQuery } from './email-query';

interface SetIndex {
  position: Map<number, number>;
  byUser: Map<number, number[]>;
  byCampaign: Map<number, number[]>;
  byParent: Map<number, number[]>;
}

const indexes = new WeakMap<readonly Email[], SetIndex>();

function indexOf(set: readonly Email[]): SetIndex {
  let index = indexes.get(set);
  if (index) return index;
  index = { position: new Map(), byUser: new Map(), byCampaign: new Map(), byParent: new Map() };
  const add = (map: Map<number, number[]>, key: number, at: number) => {
    const list = map.get(key);
    if (list) list.push(at);
    else map.set(key, [at]);
  };
  set.forEach((email, at) => {
    index!.position.set(email.emailID, at);
    add(index!.byUser, email.userID, at);
    for (const campaign of new Set(email.campaignIDs)) add(index!.byCampaign, campaign, at);
    if (email.parentEmailID !== undefined) add(index!.byParent, email.parentEmailID, at);
  });
  indexes.set(set, index);
  return index;
}

/** The emails of `set` that the query's ID-like filters can hold, in the set's order; `set` itself when it names none. */
export function narrowed(set: readonly Email[], query: EmailQuery): readonly Email[] {
  const index = indexOf(set);
  const lists: number[][] = [];
  if (query.emailIDs !== undefined) lists.push([...new Set(query.emailIDs)].flatMap((id) => (index.position.has(id) ? [index.position.get(id)!] : [])));
  if (query.userID !== undefined) lists.push(index.byUser.get(query.userID) ?? []);
  if (query.campaignID !== undefined) lists.push(index.byCampaign.get(query.campaignID) ?? []);
  if (query.parentEmailID !== undefined) lists.push(index.byParent.get(query.parentEmailID) ?? []);
  if (lists.length === 0) return set;
  const shortest = lists.reduce((a, b) => (b.length < a.length ? b : a));
  return [...shortest].sort((a, b) => a - b).map((at) => set[at]!);
}
