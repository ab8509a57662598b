import { STATUSES } from './documented-values';

/** Every non-empty list of the documented statuses (each alone, each pair, all of them), in a fixed order. */
export function statusLists(): string[][] {
  return STATUSES.reduce<string[][]>((lists, status) => [...lists, ...lists.map((list) => [...list, status])], [[]]).filter((list) => list.length > 0);
}
