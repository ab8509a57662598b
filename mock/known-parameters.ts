/**
 * The parameters each operation takes (interface.md). Under requests.unknown-parameters=refused any other
 * parameter is refused; by default unknown ones are ignored.
 */
export const KNOWN_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
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
