/** fast-check arbitraries derived from spec/openapi.yaml; bounds, enums and defaults come from the spec. */
export * from './spec-params';
export * from './integers';
export * from './paging';
export * from './enums';
export * from './sorting';
export * from './methods';
export * from './filters';
export * from './calendar';
export * from './windows';
export * from './contacts';
export * from './export-ranges';
export * from './wildcard-patterns';
export * from './import-batches';
export * from './import-plans';
export * from './name-fragments';
export * from './search-requests';
export * from './text-probes';
