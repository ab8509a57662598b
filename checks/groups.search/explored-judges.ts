/**
 * The judges of groups/search filters over the exchanges of its exploring driver: every group returned
 * satisfies every filter the request carried, whatever else it carried. Each is a pure function of one
 * exchange (checks/shared/search/explore.ts); order and page size are judged there for both searches.
 */
import { defaultOf } from '../../generators';
import { containsText, readBoolean, readInteger, sameText } from '../../harness/oracles';
import { everyRecordJudge, type ExchangeJudge, type SearchRecord } from '../shared/search';
import { groupId, nameOf } from './discovery';
import { filterValues, matchesValue, OP, type GroupEnumFilter } from './group-filters';

const show = (field: string) => (group: SearchRecord) => ({ groupID: groupId(group), groupName: nameOf(group), [field]: group[field] });

/** status or type at a selecting value: only groups of that value. */
export const enumFilterJudge = (param: GroupEnumFilter): ExchangeJudge =>
  everyRecordJudge({
    valueOf: (e) => (typeof e.params[param] === 'string' && !sameText(e.params[param], filterValues(param).widest) ? (e.params[param] as string) : undefined),
    member: (group, value) => matchesValue(group, param, value),
    what: (value) => `has ${param} ${value}`,
    show: show(param),
  });

/** Without status: only groups of the default status. */
export const statusDefaultJudge = (): ExchangeJudge =>
  everyRecordJudge({
    valueOf: (e) => (e.params.status === undefined ? String(defaultOf(OP, 'status')) : undefined),
    member: (group, value) => matchesValue(group, 'status', value),
    what: (value) => `(sent without status) has status ${value}`,
    show: show('status'),
  });

/** private=0: only groups with private false (what private=1 selects is not written). */
export const privateJudge = (): ExchangeJudge =>
  everyRecordJudge({
    valueOf: (e) => (readBoolean(e.params.private) === false ? false : undefined),
    member: (group) => readBoolean(group.private) === false,
    what: () => 'has private false',
    show: show('private'),
  });

/** groupName: names containing the text as written, every character literal (letter case aside, harness/oracles/text.ts). */
export const groupNameJudge = (): ExchangeJudge =>
  everyRecordJudge({
    valueOf: (e) => (typeof e.params.groupName === 'string' && e.params.groupName !== '' ? e.params.groupName : undefined),
    member: (group, text) => containsText(nameOf(group), text),
    what: (text) => `has a name containing ${JSON.stringify(text)}, every character literal (letter case aside)`,
    show: show('groupName'),
  });

/** groupIDs: only the listed groups. */
export const groupIDsJudge = (): ExchangeJudge =>
  everyRecordJudge({
    valueOf: (e) => (Array.isArray(e.params.groupIDs) && e.params.groupIDs.length > 0 ? (e.params.groupIDs as unknown[]).map(readInteger) : undefined),
    member: (group, ids) => ids.includes(readInteger(groupId(group))),
    what: (ids) => `is one of the listed groups ${ids.join(',')}`,
    show: show('groupID'),
  });
