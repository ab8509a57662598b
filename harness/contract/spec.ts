import { resolve } from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { OperationKey } from '../types';
import { readParsedYaml } from './parsed-cache';
import { repoPath } from './repo-path';

/** Parts of an operation's payload, each validated against the component schema x-payload names. */
export type PayloadPart = 'records' | 'paging' | 'object' | 'file';

/** The extensions every operation of spec/openapi.yaml carries. */
export interface OperationExtensions {
  'x-operation': OperationKey;
  'x-payload': Partial<Record<PayloadPart, string>>;
  'x-params'?: string;
  'x-not-shown'?: string[];
  'x-permission'?: string;
  'x-retired'?: string;
}

export type ContractDocument = OpenAPIV3_1.Document<OperationExtensions>;

export const DEFAULT_SPEC_PATH = repoPath('spec/openapi.yaml');

const loaded = new Map<string, ContractDocument>();

/** The OpenAPI document (default spec/openapi.yaml), parsed once per path (and per content, across processes: parsed-cache.ts). */
export function loadSpec(path: string = DEFAULT_SPEC_PATH): ContractDocument {
  const file = resolve(path);
  let spec = loaded.get(file);
  if (!spec) {
    spec = readParsedYaml<ContractDocument>(file);
    loaded.set(file, spec);
  }
  return spec;
}
