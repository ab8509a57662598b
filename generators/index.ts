/** fast-check arbitraries derived from spec/openapi.yaml; bounds, enums and defaults come from the spec. */
export * from './spec-params';
export * from './integers';
export * from './paging';
export * from './enums';
export * from './sorting';
export * from './methods';
export * from './filters';
export * from './windows';
export * from './contacts';
