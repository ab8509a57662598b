/**
 * The mock's named faults. Each breaks exactly one rule of spec/rules.yaml, in a way a client can observe
 * through the documented operations; several can be on at once and they switch at runtime.
 */
export interface Fault {
  name: string;
  /** The rule of spec/rules.yaml the fault breaks. */
  rule: string;
  description: string;
  /**
   * Rules outside the fault's area that it leaves without what they need to decide (a step no client can take
   * on this target): `inconclusive` is their right verdict under the fault, and the matrix notes it, never a failure.
   */
  undecides?: readonly string[];
}

const CATALOGUE = [
  // ------------------------------------------------------------ auth
  { name: 'auth-missing-token-accepted', rule: 'auth.token.missing', description: 'A request without an Authorization header is served as if it carried the full-permission token.' },
  { name: 'auth-invalid-token-accepted', rule: 'auth.token.invalid', description: 'Any non-empty unknown token is accepted as the full-permission token.' },
  { name: 'auth-query-token-accepted', rule: 'auth.token.query-rejected', description: 'accessToken in the query string is accepted (used when no Authorization header is sent).' },
  { name: 'auth-body-token-accepted', rule: 'auth.token.body-rejected', description: 'accessToken in a POST body is accepted (used when no Authorization header is sent).' },
  { name: 'auth-app-endpoint-issues-token', rule: 'auth.app-endpoint.retired', description: 'The retired applicationAccessToken endpoint answers a success carrying a new token.' },
  { name: 'auth-app-token-refused', rule: 'auth.app-token.still-works', description: 'Application-Only tokens are refused as invalid.' },
  { name: 'auth-groups-permission-ignored', rule: 'auth.permission.groups-search', description: 'groups/search serves tokens lacking Create Groups.' },
  { name: 'auth-import-permission-ignored', rule: 'auth.permission.contacts-import', description: 'contacts/import serves tokens lacking Contacts (Import).' },
  { name: 'auth-refused-import-writes', rule: 'auth.permission.contacts-import', description: 'contacts/import refuses a token lacking Contacts (Import), but only after writing the rows.' },
  { name: 'auth-app-token-refused-on-post-search', rule: 'auth.app-token.still-works', description: 'emails/search refuses the Application-Only token under POST only (GET and every other operation serve it).' },
  { name: 'auth-app-token-refused-on-import', rule: 'auth.app-token.still-works', description: 'contacts/import refuses the Application-Only token as lacking Contacts (Import); every other operation serves it.' },
  // ------------------------------------------------------------ envelope
  { name: 'envelope-missing-request-id', rule: 'envelope.shape', description: 'Envelopes carry no requestID.' },
  { name: 'envelope-http-400-on-error', rule: 'envelope.http-status', description: 'Error envelopes are sent with HTTP 400 instead of 200.' },
  { name: 'envelope-error-code-zero', rule: 'envelope.error-signal', description: 'Error envelopes carry code 0.' },
  { name: 'envelope-error-without-messages', rule: 'envelope.error-signal', description: 'Error envelopes carry an empty errors list.' },
  { name: 'envelope-iso-datetimes', rule: 'envelope.datetime-format', description: 'Datetimes in records and job status are ISO 8601 with T and Z (2024-05-01T12:00:00Z).' },
  // ------------------------------------------------------------ helper/ping
  { name: 'ping-refuses-user-tokens', rule: 'helper.ping.accepts-token', description: 'helper/ping refuses user tokens (only Application-Only tokens pass).' },
  { name: 'ping-data-empty', rule: 'schema.helper.ping', description: 'helper/ping answers data {} (no message).' },
  { name: 'ping-data-empty-every-third', rule: 'schema.helper.ping', description: 'Intermittent: helper/ping answers data {} (no message) to one ping in three (the first after the fault is switched on, then every third).' },
  // ------------------------------------------------------------ groups/search
  { name: 'groups-total-members-string', rule: 'schema.groups.search', description: 'Group totalMembers is a string ("12").' },
  { name: 'groups-user-id-string', rule: 'schema.groups.search', description: 'Group userID is a string ("3").' },
  { name: 'groups-post-direction-ignored', rule: 'groups.search.methods', description: 'POST ignores sortDirection (always ascending); GET honours it.' },
  { name: 'groups-rpp-default-25', rule: 'groups.search.rpp.default', description: 'Without rpp a page holds 25 records.' },
  { name: 'groups-rpp-clamped', rule: 'groups.search.rpp.bounds', description: 'rpp below 1 is clamped to 1 and above 250 to 250 instead of refused.' },
  { name: 'groups-rpp-truncated', rule: 'groups.search.rpp.bounds', description: 'A non-integer rpp is truncated (12.5 -> 12; abc -> default) instead of refused.' },
  { name: 'groups-page-size-capped', rule: 'groups.search.rpp.page-size', description: 'Pages hold at most 25 records whatever rpp asks; paging reports rpp 25 and totals that agree with it.' },
  { name: 'groups-page-default-two', rule: 'groups.search.page.default', description: 'Without page the second page is returned.' },
  { name: 'groups-page-zero-accepted', rule: 'groups.search.page.minimum', description: 'page below 1 is served as page 1 and a non-integer page is truncated, instead of refused.' },
  { name: 'groups-prev-on-first-page', rule: 'groups.search.paging.totals', description: 'paging.prev on the first page links to page 0 instead of being "".' },
  { name: 'groups-total-ignores-type-filter', rule: 'groups.search.paging.totals', description: 'With type Static or Dynamic, totalRecords (and totalPages) count the groups of every type; the pages hold the right ones.' },
  { name: 'groups-sort-numbers-as-text', rule: 'groups.search.sort.order', description: 'Numeric sort fields (groupID, totalMembers, activeMembers) are sorted as text ("10" before "9").' },
  { name: 'groups-sort-desc-ignored', rule: 'groups.search.sort.order', description: 'sortDirection=desc is ignored for the datetime sort fields.' },
  { name: 'groups-pages-sorted-apart', rule: 'groups.search.sort.order', description: 'Each page is cut from the groups in groupID order and sorted on its own: page 2 does not continue page 1 in the requested order (a result that fits one page is right).' },
  { name: 'groups-default-sort-groupid', rule: 'groups.search.sort.default', description: 'Without sortField records are ordered by groupID.' },
  { name: 'groups-unknown-status-accepted', rule: 'groups.search.enums.reject-unknown', description: 'An unknown status is served as Active instead of refused.' },
  { name: 'groups-unknown-type-accepted', rule: 'groups.search.enums.reject-unknown', description: 'An unknown type is served as All instead of refused.' },
  { name: 'groups-unknown-sort-field-accepted', rule: 'groups.search.enums.reject-unknown', description: 'An unknown sortField is served as groupName instead of refused.' },
  { name: 'groups-unknown-sort-direction-accepted', rule: 'groups.search.enums.reject-unknown', description: 'An unknown sortDirection is served as asc instead of refused.' },
  { name: 'groups-status-default-all', rule: 'groups.search.status.default', description: 'Without status archived groups are returned too.' },
  { name: 'groups-archived-includes-active', rule: 'groups.search.status.filter', description: 'status=Archived returns active groups too.' },
  { name: 'groups-status-case-ignored', rule: 'groups.search.status.filter', description: 'A status spelled in another letter case than the table (archived, ALL) is accepted but not applied: the search answers as without status (Active groups only). Active, Archived and All as spelled work.' },
  { name: 'groups-type-default-static', rule: 'groups.search.type.default', description: 'Without type only Static groups are returned.' },
  { name: 'groups-static-includes-dynamic', rule: 'groups.search.type.filter', description: 'type=Static returns Dynamic groups too.' },
  { name: 'groups-private-filter-inverted', rule: 'groups.search.private.filter', description: 'private=0 returns the private groups and private=1 the others.' },
  { name: 'groups-private-zero-drops-some', rule: 'groups.search.private.filter', description: 'private=0 leaves out the displayed (private false) groups of type Dynamic; displayed Static groups come back as they should (private=1 is right).' },
  { name: 'groups-name-prefix-only', rule: 'groups.search.groupName.contains', description: 'groupName matches only the start of a name.' },
  { name: 'groups-ids-first-only', rule: 'groups.search.groupIDs.filter', description: 'groupIDs honours only its first ID.' },
  { name: 'groups-userid-drops-own-private', rule: 'groups.search.userID.filter', description: "With userID, the user's own private groups are left out." },
  { name: 'groups-userid-ignores-status', rule: 'groups.search.filters.subset', description: 'With userID, the status filter is not applied (archived groups of the user appear).' },
  { name: 'groups-type-lost-with-name', rule: 'groups.search.type.filter', description: 'The type filter is not applied when groupName is also given (a filter lost in combination).' },
  { name: 'groups-name-like-pattern', rule: 'groups.search.groupName.contains', description: 'groupName is matched as a SQL LIKE pattern: % stands for any run of characters and _ for any one character.' },
  { name: 'groups-duplicate-name', rule: 'groups.record.name-unique', description: 'The second active Static group carries the name of the first one.' },
  { name: 'groups-active-counts-held', rule: 'groups.record.active-members', description: 'totalMembers leaves held contacts out while activeMembers counts them, so activeMembers can exceed totalMembers.' },
  // ------------------------------------------------------------ emails/search
  { name: 'emails-template-id-string', rule: 'schema.emails.search', description: 'Email templateID is a string ("12").' },
  { name: 'emails-post-direction-ignored', rule: 'emails.search.methods', description: 'POST ignores sortDirection (always ascending); GET honours it.' },
  { name: 'emails-post-status-ignored', rule: 'emails.search.methods', description: 'POST ignores a status given in the JSON body (validated, then dropped: the search answers the default, sent); GET with the same status honours it.' },
  { name: 'emails-rpp-default-25', rule: 'emails.search.rpp.default', description: 'Without rpp a page holds 25 records.' },
  { name: 'emails-rpp-clamped', rule: 'emails.search.rpp.bounds', description: 'rpp below 1 is clamped to 1 and above 250 to 250 instead of refused.' },
  { name: 'emails-rpp-truncated', rule: 'emails.search.rpp.bounds', description: 'A non-integer rpp is truncated (12.5 -> 12; abc -> default) instead of refused.' },
  { name: 'emails-page-size-capped', rule: 'emails.search.rpp.page-size', description: 'Pages hold at most 25 records whatever rpp asks; paging reports rpp 25 and totals that agree with it.' },
  { name: 'emails-page-default-two', rule: 'emails.search.page.default', description: 'Without page the second page is returned.' },
  { name: 'emails-page-zero-accepted', rule: 'emails.search.page.minimum', description: 'page below 1 is served as page 1 and a non-integer page is truncated, instead of refused.' },
  { name: 'emails-prev-on-first-page', rule: 'emails.search.paging.totals', description: 'paging.prev on the first page links to page 0 instead of being "".' },
  { name: 'emails-total-ignores-default-status', rule: 'emails.search.paging.totals', description: 'A manual search without status counts every status in totalRecords (and totalPages); the pages hold the sent emails only.' },
  { name: 'emails-sort-numbers-as-text', rule: 'emails.search.sort.order', description: 'Numeric sort fields (emailID, userID) are sorted as text ("10" before "9").' },
  { name: 'emails-sort-desc-ignored', rule: 'emails.search.sort.order', description: 'sortDirection=desc is ignored for title and subject.' },
  { name: 'emails-pages-sorted-apart', rule: 'emails.search.sort.order', description: 'Each page is cut from the emails in emailID order and sorted on its own: page 2 does not continue page 1 in the requested order (a result that fits one page is right).' },
  { name: 'emails-default-sort-ascending', rule: 'emails.search.sort.default', description: 'Without sortField records are ordered ascending (oldest first) instead of descending.' },
  { name: 'emails-sort-direction-default-desc', rule: 'emails.search.sortDirection.default', description: 'With a sortField and no sortDirection records are ordered descending.' },
  { name: 'emails-unknown-delivery-type-accepted', rule: 'emails.search.enums.reject-unknown', description: 'An unknown deliveryType is served as manual instead of refused.' },
  { name: 'emails-unknown-status-accepted', rule: 'emails.search.enums.reject-unknown', description: 'Unknown status values are dropped instead of refused.' },
  { name: 'emails-unknown-automated-results-accepted', rule: 'emails.search.enums.reject-unknown', description: 'An unknown automatedResults is served as summary instead of refused.' },
  { name: 'emails-unknown-sort-field-accepted', rule: 'emails.search.enums.reject-unknown', description: 'An unknown sortField is served as the default sort instead of refused.' },
  { name: 'emails-unknown-sort-direction-accepted', rule: 'emails.search.enums.reject-unknown', description: 'An unknown sortDirection is served as asc instead of refused.' },
  { name: 'emails-delivery-type-default-all', rule: 'emails.search.deliveryType.default', description: 'Without deliveryType emails of every delivery type are returned.' },
  { name: 'emails-transactional-includes-automated', rule: 'emails.search.deliveryType.filter', description: 'deliveryType=transactional returns automated emails too.' },
  { name: 'emails-status-default-all', rule: 'emails.search.status.default', description: 'A manual search without status returns drafts and scheduled emails too.' },
  { name: 'emails-status-first-only', rule: 'emails.search.status.filter', description: 'status honours only its first value.' },
  { name: 'emails-status-applied-to-automated', rule: 'emails.search.status.manual-only', description: 'status also filters automated and transactional searches.' },
  { name: 'emails-automated-default-detail', rule: 'emails.search.automatedResults.default', description: 'An automated search without automatedResults returns the detail records.' },
  { name: 'emails-detail-includes-summary', rule: 'emails.search.automatedResults.detail', description: 'automatedResults=detail returns the summary records too.' },
  { name: 'emails-title-wildcard-literal', rule: 'emails.search.title.wildcard', description: 'title treats * as a literal character.' },
  { name: 'emails-title-exact-value-missed', rule: 'emails.search.title.wildcard', description: 'A title without * that is an email\'s whole title, as written, does not find that email (a deviation seen only with a value taken from the data; pieces and patterns match right).' },
  { name: 'emails-subject-wildcard-literal', rule: 'emails.search.subject.wildcard', description: 'subject treats * as a literal character.' },
  { name: 'emails-default-window-12-months', rule: 'emails.search.dateSentStart.default', description: 'Without dateSentStart the window starts 12 months before now.' },
  { name: 'emails-default-end-day-early', rule: 'emails.search.dateSentEnd.default', description: 'Without dateSentEnd the window ends 24 hours before now.' },
  { name: 'emails-window-limit-12-months', rule: 'emails.search.dateSent.window-limit', description: 'Windows longer than 12 months are refused (the limit is 18).' },
  { name: 'emails-window-limit-unchecked', rule: 'emails.search.dateSent.window-limit', description: 'Windows longer than 18 months are accepted.' },
  { name: 'emails-date-filter-ignores-end', rule: 'emails.search.dateSent.filter', description: 'dateSentEnd is validated but not applied: emails sent after it are returned.' },
  { name: 'emails-datetime-no-zone-shifted', rule: 'emails.search.dateSent.filter', description: 'dateSentStart and dateSentEnd in ISO 8601 with T and no zone designator (2025-01-02T10:00:00) are read at +02:00 instead of GMT when filtering (the window is checked as sent): the window starts (and ends) two hours early. YYYY-MM-DD HH:MM:SS, a bare date and ISO with Z or an offset are read right.' },
  { name: 'emails-category-accepted-anywhere', rule: 'emails.search.transactionalCategory.scope', description: 'transactionalCategory is accepted (and ignored) with manual and automated searches.' },
  { name: 'emails-parent-includes-parent', rule: 'emails.search.parentEmailID.filter', description: 'parentEmailID returns the parent email itself along with its sends.' },
  { name: 'emails-ab-parent-finds-nothing', rule: 'emails.search.parentEmailID.filter', description: 'parentEmailID naming an A/B split email (a manual email with an abSplitID) finds nothing; automated parents are right.' },
  { name: 'emails-ids-first-only', rule: 'emails.search.emailIDs.filter', description: 'emailIDs honours only its first ID.' },
  { name: 'emails-campaign-first-only', rule: 'emails.search.campaignID.filter', description: 'campaignID matches only emails whose first campaign it is.' },
  { name: 'emails-campaign-lost-with-user', rule: 'emails.search.campaignID.filter', description: 'The campaignID filter is not applied when userID is also given (a filter lost in combination).' },
  { name: 'emails-userid-ignored', rule: 'emails.search.userID.filter', description: 'userID is accepted but not applied.' },
  { name: 'emails-start-default-from-end', rule: 'emails.search.dateSentStart.default', description: 'When only dateSentEnd is given, the default dateSentStart is 6 months before dateSentEnd instead of before now (a default computed from the wrong end).' },
  { name: 'emails-category-ignores-window', rule: 'emails.search.filters.subset', description: 'With transactionalCategory the dateSent window is not applied (older emails appear).' },
  // ------------------------------------------------------------ contacts/import
  { name: 'import-success-row-errors', rule: 'schema.contacts.import', description: 'Successful row results carry an error detail in errors (interface.md: "empty on success").' },
  { name: 'import-limit-off-by-one', rule: 'contacts.import.count.limits', description: '1001 contacts are accepted and written.' },
  { name: 'import-empty-accepted', rule: 'contacts.import.count.limits', description: 'An empty contacts array is accepted as a success.' },
  { name: 'import-oversize-partially-written', rule: 'contacts.import.count.limits', description: 'More than 1000 contacts are refused, but the first 1000 are written.' },
  { name: 'import-structure-unchecked', rule: 'contacts.import.structure.first-record', description: 'Records whose keys differ from the first record succeed.' },
  { name: 'import-missing-email-accepted', rule: 'contacts.import.email.required', description: 'A record without an email succeeds (a contact without address is created).' },
  { name: 'import-failure-aborts-rest', rule: 'contacts.import.row.isolated', description: 'After a failing row, every later row fails too.' },
  { name: 'import-failed-row-no-errors', rule: 'contacts.import.row.reported', description: 'A failing row carries an empty errors array.' },
  { name: 'import-no-warnings', rule: 'contacts.import.row.reported', description: 'The response carries no warnings when rows fail.' },
  { name: 'import-results-reversed', rule: 'contacts.import.results.order', description: 'contactResults are in reverse input order.' },
  { name: 'import-records-in-data-successful-only', rule: 'contacts.import.recordsInData', description: 'recordsInData counts only the successful rows.' },
  { name: 'import-inserted-counts-updates', rule: 'contacts.import.counts.agree', description: 'recordsInserted counts updated rows too.' },
  { name: 'import-updated-counts-group-adds', rule: 'contacts.import.counts.agree', description: 'recordsUpdated also counts each new contact the import added to a group (its row says updated 0).' },
  { name: 'import-reimport-joins-counted-inserted', rule: 'contacts.import.counts.agree', description: 'recordsInserted also counts each existing contact the import added to a group it was not in: right on a first import, wrong on a re-import of the same contacts with groupIDs.' },
  { name: 'import-contact-id-on-failed-rows', rule: 'contacts.import.contactID.success-only', description: 'Failed rows carry a contactID (0 when no contact matched).' },
  { name: 'import-existing-wrong-contact-id', rule: 'contacts.import.match.existing', description: 'A matched existing contact is reported with a fresh contactID instead of its own.' },
  { name: 'import-match-on-contact-id', rule: 'contacts.import.match.existing', description: "A record carrying the contactID of an existing contact is matched on that contactID instead of its email: that contact is updated (its email unchanged) and reported, and no contact is created for the record's email. A contactID that names no contact is matched on email." },
  { name: 'import-update-existing-default-off', rule: 'contacts.import.updateExisting.default', description: 'Without updateExisting existing contacts are not updated.' },
  { name: 'import-update-existing-off-ignored', rule: 'contacts.import.updateExisting.off', description: 'updateExisting 0 still updates existing contacts.' },
  { name: 'import-update-existing-off-skips-groups', rule: 'contacts.import.updateExisting.off-groups', description: 'With updateExisting 0, existing contacts are not added to or removed from groups.' },
  { name: 'import-groups-first-only', rule: 'contacts.import.groupIDs.add', description: 'Contacts are added only to the first static group of groupIDs.' },
  { name: 'import-active-members-stale', rule: 'contacts.import.groupIDs.add', description: 'An import adding existing active contacts to a group raises its totalMembers but not its activeMembers (a counter stale after the write).' },
  { name: 'import-new-active-members-stale', rule: 'contacts.import.groupIDs.add', description: 'An import creating new (active) contacts and adding them to a Static group raises its totalMembers but not its activeMembers (the twin of import-active-members-stale, for created contacts).' },
  { name: 'import-remove-ignored', rule: 'contacts.import.removeGroupIDs', description: 'removeGroupIDs is accepted but not applied.' },
  { name: 'import-dynamic-group-accepts', rule: 'contacts.import.dynamic-group.refused', description: 'Contacts are added to Dynamic groups of groupIDs.' },
  { name: 'import-unsuppresses', rule: 'contacts.import.suppressed.stays', description: 'Importing a suppressed contact makes it active again.' },
  { name: 'import-custom-fields-rejected', rule: 'contacts.import.customFields', description: 'Rows carrying customFields fail.' },
  // ------------------------------------------------------------ exports
  { name: 'exports-job-id-string', rule: 'schema.exports.emails', description: 'The export request answers jobID as a string ("7").' },
  { name: 'exports-request-refuses-same-day', rule: 'exports.request.jobID', description: 'An export range of a single day (startDate = endDate) is refused.' },
  { name: 'exports-total-records-string', rule: 'schema.exports.jobStatus', description: 'A Completed job answers totalRecords as a string.' },
  { name: 'exports-job-unknown-status', rule: 'exports.job.pending-first', description: 'A new job reports status "Queued" until it completes.' },
  // No fileKey is ever issued: the auth rules cannot probe exports/getFile with a real key (an unknown one is refused whatever the token).
  { name: 'exports-job-never-finishes', rule: 'exports.job.finishes', description: 'Jobs stay Pending forever.', undecides: ['auth.token.missing', 'auth.token.invalid'] },
  { name: 'exports-completed-without-file-key', rule: 'exports.job.file-key', description: 'A Completed job with records carries no fileKey.', undecides: ['auth.token.missing', 'auth.token.invalid'] },
  { name: 'exports-empty-job-has-file-key', rule: 'exports.job.no-records', description: 'A Completed job without records carries a fileKey (of a header-only file).' },
  { name: 'exports-expiration-in-past', rule: 'exports.job.expiration', description: 'fileExpiration is one hour before the job completed.' },
  { name: 'exports-failed-as-success', rule: 'exports.job.failed', description: 'A Failed job is reported with success 1 and code 0.' },
  { name: 'exports-failing-range-completes', rule: 'exports.job.failed', description: 'The failure trigger (startDate before 2000-01-01) is ignored: the job completes.' },
  { name: 'exports-getfile-refused', rule: 'exports.getFile.file', description: 'getFile answers an error ("file not ready") for a valid fileKey.' },
  { name: 'exports-file-comma-delimited', rule: 'exports.getFile.format', description: 'The export file is comma-delimited.' },
  { name: 'exports-file-unquoted', rule: 'exports.getFile.format', description: 'Values in the export file are not quoted.' },
  { name: 'exports-file-lf-rows', rule: 'exports.getFile.format', description: 'Rows of the export file end with LF only.' },
  { name: 'exports-file-entry-misnamed', rule: 'exports.getFile.format', description: 'The zip entry is named export.csv instead of {fileKey}.csv.' },
  { name: 'exports-file-missing-last-row', rule: 'exports.getFile.rows', description: 'The export file leaves out the last data row.' },
  { name: 'exports-getfile-serves-unknown-key', rule: 'exports.getFile.unknown-key', description: 'getFile answers a header-only file for a fileKey no job issued.' },
  { name: 'exports-file-single-use', rule: 'exports.getFile.availability', description: 'getFile serves a file once; every later fetch of the same fileKey is refused ("already downloaded").' },
  { name: 'exports-file-expires-early', rule: 'exports.getFile.availability', description: 'getFile refuses a file as expired from 1 s after its first download, long before its fileExpiration.' },
  { name: 'exports-file-served-after-expiry', rule: 'exports.getFile.availability', description: 'getFile keeps serving a file after its fileExpiration has passed.' },
  { name: 'exports-expiration-moves-later', rule: 'exports.getFile.availability', description: 'Every jobStatus answer of a Completed job announces a fileExpiration one file lifetime after that answer, while the file is deleted one lifetime after completion.' },
  { name: 'exports-file-key-rotates', rule: 'exports.getFile.availability', description: 'Every jobStatus answer of a Completed job after the first issues a new fileKey for the file, and the earlier keys are refused from then on, long before their fileExpiration (a job whose answer changes between polls).' },
  { name: 'exports-file-key-first-poll-only', rule: 'exports.job.file-key', description: 'Only the first jobStatus answer that reports a job Completed carries fileKey and fileExpiration; later polls answer Completed with totalRecords alone.' },
  { name: 'exports-duplicates-accepted', rule: 'exports.duplicate.pending', description: 'A duplicate of a Pending export request is accepted.' },
  { name: 'exports-pending-blocks-all', rule: 'exports.duplicate.other-params', description: 'Any export request is refused while any job is Pending.' },
  { name: 'exports-duplicate-after-completion-refused', rule: 'exports.duplicate.after-completion', description: 'The same export request stays refused after the first job completed.' },
  { name: 'exports-empty-repeat-refused', rule: 'exports.duplicate.after-completion', description: 'Once a job without records has completed, the same export request is refused as a duplicate for good (a job with records does not block its repeat).' },
] as const satisfies readonly Fault[];

export type FaultName = (typeof CATALOGUE)[number]['name'];

export const FAULTS: readonly Fault[] = CATALOGUE;

const NAMES: ReadonlySet<string> = new Set(CATALOGUE.map((fault) => fault.name));

function isFaultName(name: string): name is FaultName {
  return NAMES.has(name);
}

/** The faults switched on; changed at runtime without restarting. */
export class FaultSwitch {
  private active = new Set<FaultName>();
  /** How often an intermittent fault was asked whether it bites, since the faults were last set. */
  private readonly calls = new Map<FaultName, number>();

  constructor(names: readonly string[] = []) {
    this.set(names);
  }

  /** Replaces the active faults; throws (changing nothing) when a name is unknown. */
  set(names: readonly string[]): void {
    const unknown = names.filter((name) => !isFaultName(name));
    if (unknown.length > 0) throw new RangeError(`unknown fault(s): ${unknown.join(', ')} (see --list-faults)`);
    this.active = new Set(names as readonly FaultName[]);
    this.calls.clear();
  }

  /**
   * An intermittent fault: whether it bites this time, on one call in `every` (the first after the faults were
   * set, then every `every`-th). Counted per mock, so a run against the same mock sees it bite by turns.
   */
  bitesOneIn(name: FaultName, every: number): boolean {
    if (!this.active.has(name)) return false;
    const count = this.calls.get(name) ?? 0;
    this.calls.set(name, count + 1);
    return count % every === 0;
  }

  has(name: FaultName): boolean {
    return this.active.has(name);
  }

  /** Whether no fault is on. */
  get none(): boolean {
    return this.active.size === 0;
  }

  list(): FaultName[] {
    return [...this.active];
  }
}
