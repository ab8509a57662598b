import type { OperationKey } from '../types';

/**
 * The operations the documents make writes: a contact import saves contacts and moves group members; an export
 * request creates a job (and a second one with the same parameters is refused while the first is Pending). The
 * spec carries no marker for it, so this is the one list. A write is never sent twice once it may have reached the
 * target (harness/core/resend.ts): its outcome is then unknown, and the model allows both.
 */
export const WRITE_OPERATIONS: ReadonlySet<OperationKey> = new Set<OperationKey>(['contacts.import', 'exports.emails']);

export const isWrite = (op: OperationKey): boolean => WRITE_OPERATIONS.has(op);
