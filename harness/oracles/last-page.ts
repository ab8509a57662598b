// @silent-point paging.link-form
/** Where a walk through the pages of a search ends, read from one answer (pure: the walking driver is drivers/search/walk-pages.ts). */
export type SearchRecord = Record<string, unknown>;

/** Whether a page ends its walk (next empty, page >= totalPages, or an empty or short page). */
export function isLastPage(page: number, count: number, response: { paging?: { next?: unknown; totalPages?: number; rpp?: number } }): boolean {
  const paging = response.paging ?? {};
  // "" when there is no next page (service-facts.md); null says the same. A missing next is no signal (the profile may have none).
  if ((paging.next as unknown) === '' || (paging.next as unknown) === null) return true;
  if (paging.totalPages !== undefined && page >= paging.totalPages) return true;
  return count === 0 || (paging.rpp !== undefined && count < paging.rpp);
}
