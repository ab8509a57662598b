/**
 * The silent points the reference mock varies, and the readings it takes at each.
 *
 * CATALOGUED_READINGS: for every point of spec/silent-points.yaml with a `mock` entry, the readings the mock
 * implements (each a reading of the catalogue; the entry's default and alt among them). The catalogue is the
 * one source of a point's default and alt reading.
 *
 * MOCK_ONLY_POINTS: choices the mock's alt variant makes that no catalogued point names (no judge meets them:
 * the envelope's key order, the requestID form, the error codes, ...). They take `--choice` like the others
 * and are drawn with them, so a run shows the harness stays indifferent to them too.
 */
export const CATALOGUED_READINGS = {
  'records.absent-value': ['omitted', 'empty-string'],
  'records.boolean-form': ['boolean', 'integer'],
  'records.extra-members': ['none', 'extra'],
  'emails.unsent-dateSent': ['none', 'planned'],
  'emails.summary-dateSent': ['latest-send', 'first-send'],
  'search.tie-order': ['id-ascending', 'id-descending', 'id-in-direction'],
  'search.absent-in-sort': ['lowest', 'last', 'first'],
  'search.text-collation': ['case-insensitive', 'code-unit', 'locale'],
  'search.match-case': ['case-insensitive', 'case-sensitive'],
  'emails.wildcard-anchoring': ['whole-value', 'any-part'],
  'groups.private-1': ['private-only', 'no-filter'],
  'groups.userID-access': ['owned', 'wider'],
  'emails.default-end': ['now', 'end-of-day', 'start-of-day'],
  'emails.dateSentEnd-inclusive': ['inclusive', 'exclusive'],
  'emails.status-outside-manual': ['validated', 'not-read'],
  'emails.ab-sends-in-manual': ['parents-and-sends', 'parents-only'],
  'emails.default-sort-mixed-status': ['dateAdded', 'dateSent'],
  'paging.link-form': ['url', 'page-number'],
  'paging.empty-total-pages': ['zero', 'one'],
  'paging.beyond-last': ['empty-page', 'refused'],
  'errors.messages-form': ['one-string-each', 'several-strings'],
  'errors.data': ['empty', 'details'],
  'requests.unknown-parameters': ['ignored', 'refused'],
  'requests.repeated-parameter': ['refused', 'last-wins'],
  'requests.enum-case': ['any-case', 'exact'],
  'auth.token-case': ['any-case', 'exact'],
  'methods.post-on-get-operations': ['accepted', 'refused'],
  'exports.running-statuses': ['none', 'in-progress'],
  'exports.duplicate-while-in-progress': ['refused', 'accepted'],
  'exports.completed-empty-fileKey': ['absent', 'empty-string'],
  'exports.job-extras': ['none', 'extra'],
  'exports.dates-required': ['required', 'defaulted'],
  'exports.file-lifetime': ['hours', 'short'],
  'exports.file-rows': ['by-dateSent', 'by-emailID'],
  'import.success-row-errors': ['empty-array', 'omitted'],
  'import.failed-row-contactID': ['omitted', 'empty'],
  'import.warnings-when-none-failed': ['absent', 'empty'],
  'import.error-element-shape': ['strings', 'objects'],
  'import.unchanged-row-updated': ['updated', 'unchanged'],
  'import.email-match-case': ['case-insensitive', 'exact'],
  'import.dynamic-group': ['warning', 'refused'],
  'import.duplicate-email-in-call': ['second-updates', 'second-fails', 'refused'],
  'import.record-contactID': ['ignored', 'refused'],
  'import.group-in-both-lists': ['removed', 'kept', 'refused'],
} as const;

/** A choice of the mock outside the catalogue: its readings, the default's and alt's, and what it is about. */
export interface MockOnlyPoint {
  readonly readings: readonly string[];
  readonly default: string;
  readonly alt: string;
  readonly about: string;
}

export const MOCK_ONLY_POINTS = {
  'envelope.key-order': {
    readings: ['as-built', 'reordered'],
    default: 'as-built',
    alt: 'reordered',
    about: 'the envelope keys reversed (requestID first), every object below in alphabetical key order',
  },
  'envelope.request-id-form': {
    readings: ['upper-guid', 'hex'],
    default: 'upper-guid',
    alt: 'hex',
    about: 'requestID an upper-case GUID with dashes, or 32 lower-case hex digits',
  },
  'errors.codes': {
    readings: ['per-kind', 'grouped'],
    default: 'per-kind',
    alt: 'grouped',
    about: 'one code per kind of failure (401..900), or other numbers some kinds share (1001, 2001, ...)',
  },
  'transport.json-content-type': {
    readings: ['with-charset', 'bare'],
    default: 'with-charset',
    alt: 'bare',
    about: 'Content-Type of JSON answers: application/json; charset=utf-8, or application/json',
  },
  'exports.file-disposition': {
    readings: ['attachment', 'none'],
    default: 'attachment',
    alt: 'none',
    about: 'the export file carries Content-Disposition: attachment; filename="{fileKey}.zip", or no such header',
  },
  'exports.job-ids': {
    readings: ['from-1', 'from-1001'],
    default: 'from-1',
    alt: 'from-1001',
    about: 'the first export job ID',
  },
  'exports.fileKey-form': {
    readings: ['upper-any-case', 'lower-exact'],
    default: 'upper-any-case',
    alt: 'lower-exact',
    about: 'fileKey an upper-case GUID matched in any case, or a lower-case GUID matched exactly',
  },
  'records.group-never-modified': {
    readings: ['none', 'some'],
    default: 'none',
    alt: 'some',
    about: 'every group has a dateModified, or every 5th groupID was never modified (no dateModified; sorts as absent)',
  },
  'records.group-ownerless': {
    readings: ['none', 'some'],
    default: 'none',
    alt: 'some',
    about: 'every group has a userID, or every 7th groupID belongs to no user (matched by no userID filter)',
  },
} as const satisfies Record<string, MockOnlyPoint>;

export type CataloguedPointID = keyof typeof CATALOGUED_READINGS;
export type MockOnlyPointID = keyof typeof MOCK_ONLY_POINTS;
/** A point the mock varies. */
export type PointID = CataloguedPointID | MockOnlyPointID;

/** The readings the mock takes at a point (a type: `choices.is(point, reading)` is checked when compiled). */
export type ReadingOf<P extends PointID> = P extends CataloguedPointID
  ? (typeof CATALOGUED_READINGS)[P][number]
  : P extends MockOnlyPointID
    ? (typeof MOCK_ONLY_POINTS)[P]['readings'][number]
    : never;

/** Every point the mock varies, catalogued first, in the catalogue's order. */
export const POINT_IDS: readonly PointID[] = [...Object.keys(CATALOGUED_READINGS), ...Object.keys(MOCK_ONLY_POINTS)] as PointID[];

/** The readings the mock takes at a point (undefined: no point the mock varies). */
export function mockReadings(point: string): readonly string[] | undefined {
  if (Object.hasOwn(CATALOGUED_READINGS, point)) return CATALOGUED_READINGS[point as CataloguedPointID];
  if (Object.hasOwn(MOCK_ONLY_POINTS, point)) return MOCK_ONLY_POINTS[point as MockOnlyPointID].readings;
  return undefined;
}

export function isCatalogued(point: PointID): point is CataloguedPointID {
  return Object.hasOwn(CATALOGUED_READINGS, point);
}
