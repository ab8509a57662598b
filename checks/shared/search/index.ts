/** Generic checks of a documented search (groups/search, emails/search), each judging through the calling check's judge. */
export * from './records';
export * from './walk-pages';
export * from './search-all';
export * from './methods';
export * from './paging';
export * from './paging-totals';
export * from './sorting';
export * from './enums';
export * from './filters';
export * from './filter-subsets';
export * from './explore';
