/**
 * groups/search: the widest search and the enum parameters, derived from the spec alone (which values select
 * a group and which selects all: the model's filterValues).
 */
import { operationParameters } from '../../harness/contract';
import { filterValues, type Params, type SearchOp } from '../../harness/model';

export const OP = 'groups.search' satisfies SearchOp;

/** Parameters of the search with every default filter at its widest: every group of the target. */
export const everyGroup = (): Params => ({ status: filterValues('status').widest, type: filterValues('type').widest });

/** The enum parameters of the search (status, type, sortField, sortDirection), from the spec. */
export function enumParams(): string[] {
  return Object.entries(operationParameters(OP))
    .filter(([, schema]) => schema.enum !== undefined || schema.items?.enum !== undefined)
    .map(([name]) => name);
}
