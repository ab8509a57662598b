/** Text matching where the documents are silent: letter case in groupName, title and subject; wildcard anchoring. */
import { containsText, matchesWildcard, matchesWildcardAnywhere, matchesWildcardExactCase } from '../oracles';
import type { RecordedTraffic } from '../check';
import { idOf, opName, type SearchOp } from './_internals/answers';
import { reference, wholeSearches } from './_internals/whole';
import { observer, saw, type Sighting } from './_internals/sighting';

interface TextFilter {
  op: SearchOp;
  param: string;
  /** Whether a value matches the pattern letter case aside / in exact case, under the widest reading of its anchoring. */
  anyCase: (value: unknown, pattern: string) => boolean;
  exactCase: (value: unknown, pattern: string) => boolean;
  /** The narrowest reading letter case aside (anchored where the pattern allows). */
  anyCaseNarrow: (value: unknown, pattern: string) => boolean;
}

const exactAnywhere = (value: unknown, pattern: string): boolean => matchesWildcardExactCase(value, `*${pattern}*`);

const FILTERS: TextFilter[] = [
  {
    op: 'groups.search', param: 'groupName',
    anyCase: (value, fragment) => typeof value === 'string' && containsText(value, fragment),
    exactCase: (value, fragment) => typeof value === 'string' && value.includes(fragment),
    anyCaseNarrow: (value, fragment) => typeof value === 'string' && containsText(value, fragment),
  },
  ...(['title', 'subject'] as const).map((param): TextFilter => ({ op: 'emails.search', param, anyCase: matchesWildcardAnywhere, exactCase: exactAnywhere, anyCaseNarrow: matchesWildcard })),
];

/** Each search read whole with the filter, beside the same search read whole without it. */
function* filtered(traffic: RecordedTraffic, filter: TextFilter) {
  for (const search of wholeSearches(traffic, filter.op).values()) {
    const pattern = search.first.params[filter.param];
    if (typeof pattern !== 'string' || pattern === '') continue;
    yield { search, pattern, without: reference(traffic, filter.op, search, filter.param) };
  }
}

export const matchCase = observer('search.match-case', (traffic) => {
  const sightings: Sighting[] = [];
  for (const filter of FILTERS) {
    const where = `${opName(filter.op)} ${filter.param}`;
    for (const { search, pattern, without } of filtered(traffic, filter)) {
      const returned = search.records.map((record) => record[filter.param]);
      if (returned.some((value) => filter.anyCase(value, pattern) && !filter.exactCase(value, pattern))) {
        sightings.push(saw('case-insensitive', `${where} -> found a value in other letter case`));
        continue;
      }
      // A value that matches in other letter case only (under the narrowest anchoring), left out.
      const left = without?.records.filter((record) => !search.ids.has(idOf(filter.op, record) ?? -1));
      if (left?.some((record) => filter.anyCaseNarrow(record[filter.param], pattern) && !filter.exactCase(record[filter.param], pattern))) {
        sightings.push(saw('case-sensitive', `${where} -> left out a value in other letter case`));
      }
    }
  }
  return sightings;
});

export const wildcardAnchoring = observer('emails.wildcard-anchoring', (traffic) => {
  const sightings: Sighting[] = [];
  for (const filter of FILTERS.filter(({ op }) => op === 'emails.search')) {
    const where = `emails/search ${filter.param} with * not at both ends`;
    for (const { search, pattern, without } of filtered(traffic, filter)) {
      if (!pattern.includes('*') || (pattern.startsWith('*') && pattern.endsWith('*'))) continue;
      if (search.records.some((record) => matchesWildcardAnywhere(record[filter.param], pattern) && !matchesWildcard(record[filter.param], pattern))) {
        sightings.push(saw('any-part', `${where} -> matched part of a value`));
        continue;
      }
      // A value the pattern matches in part, in exact case, left out.
      const left = without?.records.filter((record) => !search.ids.has(idOf(filter.op, record) ?? -1));
      if (left?.some((record) => exactAnywhere(record[filter.param], pattern) && !matchesWildcard(record[filter.param], pattern))) {
        sightings.push(saw('whole-value', `${where} -> left out a value it matches in part`));
      }
    }
  }
  return sightings;
});
