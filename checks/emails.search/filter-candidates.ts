/** Values of the filters to try, from what the target returned and what its profile names. */
import type { Target } from '../../harness/check';
import { patternSource, type FilterCandidates } from '../../generators';
import type { EmailBase } from './email-catalogue';
import { distinctReferences, idsOf } from './email-records';
import { campaignIDsOf } from '../../harness/model';

/** The transactional categories the target profile's fixtures name (categories are not on the records). */
export function transactionalCategories(target: Target): string[] {
  const categories = target.profile.fixtures?.transactionalCategories;
  return Array.isArray(categories) ? categories.filter((value): value is string => typeof value === 'string' && value !== '') : [];
}

/** Candidate values of filters, from the records of a base (wildcard patterns for title and subject). */
export function filterCandidates(base: EmailBase, names: string[]): FilterCandidates {
  const records = base.records;
  const distinct = <T>(values: T[]): T[] => [...new Set(values)].slice(0, 20);
  const all: FilterCandidates = {
    userID: distinctReferences(records, 'userID').slice(0, 20),
    title: distinct(records.map((record) => record.title).filter(patternSource).map((title) => `${title.slice(0, Math.ceil(title.length / 2))}*`)),
    subject: distinct(records.map((record) => record.subject).filter(patternSource).map((subject) => `*${subject.slice(Math.floor(subject.length / 2))}`)),
    emailIDs: distinct(idsOf(records)).map((id, i, ids) => [id, ids[(i + 7) % ids.length]!]),
    parentEmailID: distinctReferences(records, 'parentEmailID').slice(0, 20),
    campaignID: distinct(records.flatMap(campaignIDsOf)),
  };
  return Object.fromEntries(names.map((name) => [name, all[name] ?? []]));
}
