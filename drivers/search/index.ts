/** Drivers of a documented search (groups/search, emails/search): they send, the rules' judges (checks/shared/judges) decide. */
export * from './records';
export * from './walk-pages';
export * from './search-all';
export * from './methods';
export * from './paging';
export * from './paging-totals';
export * from './sorting';
export * from './enums';
export * from './filter-subsets';
export * from './explore';
