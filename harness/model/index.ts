/**
 * The model: the documents' reading of the interface as pure code, the oracle judges ask. For a request it
 * says what the answer must and may hold; where the documents leave a choice it allows every reading of the
 * silent point (spec/silent-points.yaml) instead of picking one. It shares no code with the mock.
 */

// What a request sent, read against the spec; readings shared by several judges, read once per traffic.
export * from './sent-values';
export * from './sent-params';
export * from './sent-window';
export * from './per-traffic';
export * from './rejection';
export * from './silent-inputs';

// The searches: records, filters, order, pages, and the searches a recording holds.
export * from './search-records';
export * from './search-filter';
export * from './groups-search';
export * from './group-values';
export * from './emails-search';
export * from './emails-values';
export * from './email-records';
export * from './search-order';
export * from './page-facts';
export * from './recorded-searches';
export * from './ties';

// contacts/import: an answer and its facts, the contacts and group members the writes leave.
export * from './import-answer';
export * from './import-records';
export * from './import-facts';
export * from './contact-book';
export * from './group-history';

// The exports: a job answer, each job's polls and the duplicate rule's state, a Completed job's file, the file.
export * from './export-job';
export * from './recorded-jobs';
export * from './job-facts';
export * from './export-file';

// Tokens and permissions.
export * from './tokens';

// One answer as a whole, and every answer against what the run has seen (the model with state): the oracle of the
// stateful exploration and of the relations the rules' judges read over the whole run.
export * from './answers';
export * from './state';
