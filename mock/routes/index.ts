import { contactsImport } from './contacts-import';
import { emailsSearch } from './emails-search';
import { exportsEmails, exportsGetFile, exportsJobStatus } from './exports';
import { groupsSearch } from './groups-search';
import { helperPing } from './helper-ping';
import type { Operation } from './operation';

export { APP_TOKEN_PATH, applicationAccessToken } from './app-token';
export type { Operation, OperationContext, OperationResult } from './operation';

/** The version segment every operation path starts with. */
export const VERSION_PREFIX = '/v1';

const OPERATIONS: readonly Operation[] = [helperPing, groupsSearch, emailsSearch, contactsImport, exportsEmails, exportsJobStatus, exportsGetFile];

const BY_PATH = new Map(OPERATIONS.map((operation) => [VERSION_PREFIX + operation.path, operation]));

/** The operation served at a request path (a trailing slash is ignored). */
export function findOperation(pathname: string): Operation | undefined {
  return BY_PATH.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}
