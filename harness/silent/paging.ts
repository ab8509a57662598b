/** Paging where the documents show nothing: the links, the totals of an empty search, a page beyond the last. */
import { answered, opName, requestKey, SEARCH_OPS } from './_internals/answers';
import { observer, saw, type Sighting } from './_internals/sighting';

/** The form of a next or prev link that names a page ("" says there is none, and shows no form). */
function linkForm(value: string): 'url' | 'page-number' | 'other' {
  if (/^\d+$/.test(value.trim())) return 'page-number';
  if (/^(https?:\/\/|\/)/i.test(value.trim())) return 'url';
  return 'other';
}

const FORM_TEXT = { url: 'the URL of the page', 'page-number': 'the page number', other: 'another form' } as const;

export const linkForms = observer('paging.link-form', (traffic) => {
  const sightings: Sighting[] = [];
  for (const op of SEARCH_OPS) {
    for (const exchange of answered(traffic, op)) {
      for (const link of ['next', 'prev'] as const) {
        const value = exchange.paging?.[link];
        if (typeof value !== 'string' || value === '') continue;
        const form = linkForm(value);
        sightings.push(saw(form, `${opName(op)} paging.${link} -> ${FORM_TEXT[form]}`));
      }
    }
  }
  return sightings;
});

export const emptyTotalPages = observer('paging.empty-total-pages', (traffic) => {
  const sightings: Sighting[] = [];
  for (const op of SEARCH_OPS) {
    for (const exchange of answered(traffic, op)) {
      const { totalRecords, totalPages } = exchange.paging ?? {};
      if (totalRecords !== 0) continue;
      if (totalPages === 0) sightings.push(saw('zero', `${opName(op)} no record found -> totalPages 0`));
      else if (totalPages === 1) sightings.push(saw('one', `${opName(op)} no record found -> totalPages 1`));
    }
  }
  return sightings;
});

const pageOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);

export const beyondLast = observer('paging.beyond-last', (traffic) => {
  const sightings: Sighting[] = [];
  for (const op of SEARCH_OPS) {
    const exchanges = traffic.of(op);
    // The number of pages of each request (its parameters but page), from the answers that found records.
    const pages = new Map<string, number>();
    for (const exchange of answered(traffic, op)) {
      const { totalPages, totalRecords } = exchange.paging ?? {};
      if (totalPages !== undefined && totalPages > 0 && (totalRecords ?? 1) > 0) pages.set(requestKey(exchange, 'page'), totalPages);
    }
    for (const exchange of exchanges) {
      const page = pageOf(exchange.params.page);
      const last = pages.get(requestKey(exchange, 'page'));
      if (page === undefined || last === undefined || page <= last) continue;
      if (exchange.outcome === 'success' && (exchange.records?.length ?? 0) === 0) sightings.push(saw('empty-page', `${opName(op)} page beyond the last -> empty page`));
      else if (exchange.outcome === 'error') sightings.push(saw('refused', `${opName(op)} page beyond the last -> refused`));
    }
  }
  return sightings;
});
