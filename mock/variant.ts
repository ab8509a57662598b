/**
 * The mock's variants. `default` is the reference behaviour mock/README.md describes; `alt` takes the other
 * reasonable choice at every point where interface.md is silent (mock/README.md, "Variant alt"), while
 * keeping every documented sentence and the service-facts.md conventions the service profile relies on.
 * A conformance run against `alt` is the harness's second opinion: a check that fails there judges a point
 * the documents leave open.
 */
export const VARIANTS = ['default', 'alt'] as const;
export type Variant = (typeof VARIANTS)[number];

export function parseVariant(text: string | undefined): Variant {
  const value = (text ?? '').trim().toLowerCase();
  if (value === '') return 'default';
  const found = VARIANTS.find((variant) => variant === value);
  if (!found) throw new RangeError(`variant must be one of ${VARIANTS.join(', ')}, got "${text}"`);
  return found;
}

/** alt: groups whose groupID is a multiple of this were never modified (dateModified ""). */
const NEVER_MODIFIED_EVERY = 5;
/** alt: groups whose groupID is a multiple of this belong to no user (userID ""). */
const OWNERLESS_EVERY = 7;
/** alt: this user is an administrator: groups/search?userID=1 returns every group (it has access to all). */
export const ALT_ADMIN_USER_ID = 1;

export function altNeverModified(groupID: number): boolean {
  return groupID % NEVER_MODIFIED_EVERY === 0;
}

export function altOwnerless(groupID: number): boolean {
  return groupID % OWNERLESS_EVERY === 0;
}

/** alt: every object's keys in alphabetical order (deeply); the default keeps the order records are built in. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  return out;
}

/** alt: a group never modified shows dateModified "" (and sorts as absent). */
export function altGroupDateModified(group: { groupID: number; dateModified: number }): number | undefined {
  return altNeverModified(group.groupID) ? undefined : group.dateModified;
}

/** alt: an ownerless group shows userID "" and matches no userID filter (except the administrator's). */
export function altGroupUserID(group: { groupID: number; userID: number }): number | undefined {
  return altOwnerless(group.groupID) ? undefined : group.userID;
}

/** alt: the parameters each operation takes; any other parameter is refused (the default ignores unknown ones). */
export const ALT_KNOWN_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  'helper.ping': [],
  'groups.search': ['groupName', 'status', 'groupIDs', 'userID', 'private', 'type', 'page', 'rpp', 'sortField', 'sortDirection'],
  'contacts.import': ['contacts', 'groupIDs', 'removeGroupIDs', 'updateExisting'],
  'emails.search': [
    'deliveryType', 'status', 'automatedResults', 'userID', 'title', 'subject', 'dateSentStart', 'dateSentEnd', 'emailIDs',
    'parentEmailID', 'transactionalCategory', 'campaignID', 'page', 'rpp', 'sortField', 'sortDirection',
  ],
  'exports.emails': ['startDate', 'endDate'],
  'exports.jobStatus': ['jobID'],
  'exports.getFile': ['fileKey'],
};
