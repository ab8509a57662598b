/** Judging rules on recorded traffic (HAR files, the recording proxy): shared by the checks' `traffic` judges. */
export * from './tally';
export * from './fit-requests';
export * from './answer-verdicts';
export * from './page-sizes';
export * from './orders';
export * from './refusals';
export * from './methods';
export * from './filter-subsets';
export * from './filters';
export * from './paging';
export * from './exports';
export * from './tokens';
