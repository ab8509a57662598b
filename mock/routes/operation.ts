import type { HttpMethod, OperationKey } from '../../harness/types';
import type { Choices } from '../choices/choices';
import type { FaultName } from '../faults';
import type { Params } from '../params';
import type { Representation } from '../representation';
import type { MockState } from '../state';
import type { Permission, Token } from '../tokens';

/** What an operation handler gets: the request, already authenticated, and the mock's state. */
export interface OperationContext {
  method: HttpMethod;
  params: Params;
  token: Token;
  state: MockState;
  present: Representation;
  /** The reading the mock takes at every silent point (mock/choices/). */
  choices: Choices;
  /** The mock clock's now when the request arrived. */
  now: number;
  fault(name: FaultName): boolean;
  /** The URL of this operation with the given query string (for paging links). */
  link(query: URLSearchParams): string;
}

export type OperationResult =
  | { kind: 'data'; data: unknown }
  | { kind: 'file'; bytes: Uint8Array; contentType: string; fileName: string };

export interface Operation {
  key: OperationKey;
  /** Path below /v1. */
  path: string;
  methods: readonly HttpMethod[];
  permission?: Permission;
  handle(context: OperationContext): OperationResult;
}

export const data = (value: unknown): OperationResult => ({ kind: 'data', data: value });
