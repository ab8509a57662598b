/**
 * Conforming payloads in the real service's representation (service-facts.md), one per spec
 * schema. Each call returns a fresh object, so tests may mutate it.
 */

export const group = () => ({
  groupID: 7,
  groupName: 'Newsletter',
  status: 'Active',
  type: 'Static',
  friendlyName: 'Monthly newsletter',
  description: 'News once a month',
  private: false,
  userID: 3,
  autoResponseEmailID: 41,
  dateAdded: '2013-02-12 02:42:00',
  dateModified: '2013-02-13 10:00:00',
  dateLastEmailSent: '2013-03-01 08:00:00',
  totalMembers: 120,
  activeMembers: 118,
});

export const email = () => ({
  emailID: 501,
  deliveryType: 'Manual',
  status: 'Sent',
  templateID: 12,
  userID: 3,
  subject: 'March news',
  title: 'march-2013',
  fromName: 'News desk',
  fromAddress: 'news@example.org',
  replyToName: 'Help desk',
  replyToAddress: 'help@example.org',
  dateAdded: '2013-02-12 02:42:00',
  dateModified: '2013-02-12 02:50:00',
  dateSent: '2013-03-01 08:00:00',
  metrics: { views: 10, uniqueViews: 8, clicks: 3, uniqueClicks: 2, bounces: 0, recipients: 100, clickToViewRate: 0.25 },
  schedule: { dateScheduled: '2013-03-01 08:00:00', confirmed: 1 },
  campaignIDs: [4, 9],
});

export const paging = () => ({ page: 1, rpp: 20, totalPages: 3, totalRecords: 41, next: 'page=2', prev: '' });

export const ping = () => ({ message: 'pong' });

export const rowResult = () => ({ email: 'a@example.org', contactID: 900, success: 1, inserted: 1, updated: 0, errors: [] });

export const failedRow = () => ({ email: 'not-an-address', success: 0, inserted: 0, updated: 0, errors: ['invalid email'] });

export const importResponse = () => ({
  recordsUpdated: 0,
  recordsInserted: 1,
  recordsInData: 2,
  contactResults: [rowResult(), failedRow()],
  warnings: ['row 2: invalid email'],
});

export const exportRequest = () => ({ jobID: 77 });

export const pendingJob = () => ({ status: 'Pending' });

export const completedJob = () => ({
  status: 'Completed',
  fileKey: '0F8FAD5B-D9CB-469F-A165-70867728950E',
  fileExpiration: '2013-03-02 08:00:00',
  totalRecords: 41,
  details: 'ready',
});

export const contact = () => ({ email: 'a@example.org', firstName: 'Ada', customFields: { shoeSize: { value: 42 } } });

/** The service envelope around a success payload. */
export const serviceSuccess = (data: unknown) => ({ success: 1, code: 0, errors: [] as unknown[], data, requestID: 'req-1' });

/** The service envelope of a failure. */
export const serviceFailure = () => ({ success: 0, code: 401, errors: ['invalid token'] as unknown[], data: {}, requestID: 'req-2' });

export const groupsPage = () => serviceSuccess({ records: [group(), group()], paging: paging() });

export const emailsPage = () => serviceSuccess({ records: [email()], paging: paging() });

/** A conforming value for every component schema of the spec (service datetimes). */
export const componentSamples = (): Record<string, unknown> => ({
  Rpp: 250,
  Page: 1,
  SortDirection: 'desc',
  IDList: [1, 2],
  GroupsSearchParams: { groupName: 'News', status: 'All', groupIDs: [7], private: false, type: 'Static', page: 2, rpp: 1, sortField: 'totalMembers', sortDirection: 'desc' },
  EmailsSearchParams: { deliveryType: 'manual', status: ['sent', 'draft'], dateSentStart: '2013-01-01 00:00:00', dateSentEnd: '2013-06-30 23:59:59', sortField: 'dateSent' },
  ImportRequest: { contacts: [contact()], groupIDs: [7], removeGroupIDs: [8], updateExisting: false },
  ExportsEmailsParams: { startDate: '2013-01-01', endDate: '2013-01-31' },
  JobStatusParams: { jobID: 77 },
  GetFileParams: { fileKey: '0F8FAD5B-D9CB-469F-A165-70867728950E' },
  Group: group(),
  Email: email(),
  EmailMetrics: email().metrics,
  EmailSchedule: email().schedule,
  Contact: contact(),
  CustomFieldValue: { value: 'x' },
  ImportRowResult: rowResult(),
  ImportResponse: importResponse(),
  ExportRequestData: exportRequest(),
  ExportJob: completedJob(),
  ExportFile: 'PK\u0003\u0004',
  Paging: paging(),
  GroupsPage: groupsPage().data,
  EmailsPage: emailsPage().data,
  PingData: ping(),
  ZeroOne: 0,
  ServiceEnvelope: serviceFailure(),
  ServiceSuccess: serviceSuccess(ping()),
  ServiceFailure: serviceFailure(),
  RestError: { error: { code: 404, messages: ['no such fileKey'] } },
});
