export { expect } from '@playwright/test';
export { test, type CreatedContactsLog } from './fixtures';
export type { ApiClient, CallOptions, SearchAllResult } from './client';
export type { ApiResponse, ExportJobView, Outcome, Paging } from './api-response';
export type { Target } from './config';
export type { Judge, CheckDetails, PropertyOptions } from './judge';
export type { Sample, SampleEvidence } from './property';
export type { TokenChoice, TokenPlacement } from './request';
export { TransportError } from './transport-error';
