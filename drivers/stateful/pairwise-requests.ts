// @silent-point import.group-in-both-lists
/**
 * The pairwise rows of each operation's input space (generators/pairwise.ts) made into requests with values
 * from the target's data (what the exploration learned): every valid pair of two parameters' classes is sent
 * at least once. A class the data cannot give (no A/B split parent, fewer static groups than a row needs) is
 * left out of that row, and the coverage report lists the pair as not exercised.
 */
import { addDays, pairwiseRows, rangeParams, type PairwiseRow } from '../../generators';
import type { OperationKey } from '../../harness/types';
import { pickOf } from './learned';
import type { Explorer } from './commands';

const RPP: Record<string, number> = { min: 1, inside: 7, max: 250 };
const PAGE: Record<string, number> = { min: 1, inside: 2 };

type Params = Record<string, unknown>;

function common(row: PairwiseRow, params: Params): void {
  if (row.page) params.page = PAGE[row.page];
  if (row.rpp) params.rpp = RPP[row.rpp];
  if (row.sortField) params.sortField = row.sortField;
  if (row.sortDirection) params.sortDirection = row.sortDirection;
}

function groupsParams(row: PairwiseRow, index: number, explorer: Explorer): Params {
  const groups = [...explorer.learned.groups.values()];
  const params: Params = {};
  common(row, params);
  if (row.status) params.status = row.status;
  if (row.type) params.type = row.type;
  if (row.private) params.private = Number(row.private);
  const named = pickOf(groups.filter((group) => group.groupName), index)?.groupName;
  if (row.groupName && named) params.groupName = named.slice(0, Math.max(2, Math.ceil(named.length / 2)));
  const ids = groups.map((group) => group.groupID);
  if (row.groupIDs && ids.length > 0) params.groupIDs = row.groupIDs === 'one' ? [pickOf(ids, index)] : [pickOf(ids, index), pickOf(ids, index + 1), pickOf(ids, index + 2)].filter((id, at, all) => all.indexOf(id) === at);
  const user = pickOf(groups.filter((group) => group.userID), index)?.userID;
  if (row.userID && user !== undefined) params.userID = user;
  return params;
}

function emailsParams(row: PairwiseRow, index: number, explorer: Explorer): Params {
  const { learned } = explorer;
  const emails = [...learned.emails.values()];
  const params: Params = {};
  common(row, params);
  if (row.deliveryType) params.deliveryType = row.deliveryType;
  if (row.status) params.status = [row.status];
  if (row.automatedResults) params.automatedResults = row.automatedResults;
  const user = pickOf(emails.filter((email) => email.userID), index)?.userID;
  if (row.userID && user !== undefined) params.userID = user;
  for (const field of ['title', 'subject'] as const) {
    const value = pickOf(emails.filter((email) => email[field] && !email[field]!.includes('*')), index)?.[field];
    if (row[field] && value) params[field] = row[field] === 'wildcard' ? `${value.slice(0, Math.max(1, Math.floor(value.length / 2)))}*` : value;
  }
  const times = learned.sendTimes();
  const anchor = pickOf(times, index);
  if (anchor && row.dateSentStart) params.dateSentStart = explorer.formatDatetime(addDays(anchor, -30));
  if (anchor && row.dateSentEnd) params.dateSentEnd = explorer.formatDatetime(addDays(anchor, 30));
  const ids = emails.map((email) => email.emailID);
  if (row.emailIDs && ids.length > 0) params.emailIDs = row.emailIDs === 'one' ? [pickOf(ids, index)] : [pickOf(ids, index), pickOf(ids, index + 5)].filter((id, at, all) => all.indexOf(id) === at);
  const parent = pickOf([...learned.parents('automated'), ...learned.parents('ab-split')], index);
  if (row.parentEmailID && parent !== undefined) params.parentEmailID = parent;
  if (row.transactionalCategory) params.transactionalCategory = 'receipt';
  const campaign = pickOf([...new Set(emails.flatMap((email) => email.campaignIDs))].sort((a, b) => a - b), index);
  if (row.campaignID && campaign !== undefined) params.campaignID = campaign;
  return params;
}

function importParams(row: PairwiseRow, index: number, explorer: Explorer): { params: Params; fresh: string[] } {
  const count = row.contacts === 'max' ? 1000 : row.contacts === 'several' ? 3 : 1;
  const fresh = Array.from({ length: count }, () => explorer.book.fresh());
  const withFields = row['contacts.customFields'] === 'given';
  const params: Params = { contacts: fresh.map((email) => (withFields ? { email, customFields: { emsConformanceTag: { value: `p${index}` } } } : { email })) };
  const statics = explorer.learned.staticGroups();
  const add = row.groupIDs ? statics.slice(0, row.groupIDs === 'one' ? 1 : 2) : [];
  // Never one group in both lists (what that does is not written): removal from the groups after them.
  const remove = row.removeGroupIDs ? statics.slice(add.length, add.length + (row.removeGroupIDs === 'one' ? 1 : 2)) : [];
  if (add.length > 0) params.groupIDs = add;
  if (remove.length > 0) params.removeGroupIDs = remove;
  if (row.updateExisting) params.updateExisting = Number(row.updateExisting);
  return { params, fresh };
}

/** Sends the pairwise rows of every operation the run may call (imports and export requests only with writes). */
export async function sendPairwise(explorer: Explorer): Promise<void> {
  const send = async (op: OperationKey, method: 'GET' | 'POST', params: Params) => {
    const response = await explorer.api.call(op, { method, params, allowTransportFailure: true });
    explorer.learned.learn(response);
    return response;
  };
  let index = 0;
  for (const row of pairwiseRows('groups.search')) await send('groups.search', index++ % 2 ? 'POST' : 'GET', groupsParams(row, index, explorer));
  for (const row of pairwiseRows('emails.search')) await send('emails.search', index++ % 2 ? 'POST' : 'GET', emailsParams(row, index, explorer));
  if (!explorer.writes) return;
  for (const row of pairwiseRows('contacts.import')) {
    const { params, fresh } = importParams(row, index++, explorer);
    const response = await send('contacts.import', 'POST', params);
    if (response.outcome === 'success') for (const email of fresh) explorer.created(email), explorer.learned.contacts.push(email);
  }
  for (const _row of pairwiseRows('exports.emails')) {
    try {
      await send('exports.emails', 'GET', rangeParams(explorer.exportRanges.fresh(7)));
    } catch (error) {
      if (!(error instanceof Error && /exhausted/.test(error.message))) throw error;
    }
  }
}
