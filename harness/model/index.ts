/**
 * The model: the documents' reading of the interface as pure code, the oracle judges ask. For a request it
 * says what the answer must and may hold; where the documents leave a choice it allows every reading of the
 * silent point (spec/silent-points.yaml) instead of picking one. It shares no code with the mock.
 */
export * from './sent-values';
export * from './search-filter';
export * from './email-records';
export * from './emails-values';
export * from './emails-search';
export * from './group-values';
export * from './groups-search';
export * from './answers';
export * from './export-file';
export * from './search-records';
export * from './search-order';
export * from './import-answer';
export * from './import-records';
export * from './contact-book';
export * from './per-traffic';
export * from './group-history';
export * from './import-facts';
export * from './tokens';
export * from './export-job';
export * from './recorded-jobs';
export * from './rejection';
export * from './job-facts';
export * from './sent-params';
export * from './sent-window';
export * from './recorded-searches';
export * from './ties';
export * from './page-facts';
