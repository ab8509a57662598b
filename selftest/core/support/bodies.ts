/** Small, valid response bodies in both built-in profiles' conventions. */

export const group = (groupID: number, overrides: Record<string, unknown> = {}) => ({
  groupID,
  groupName: `Group ${groupID}`,
  status: 'Active',
  type: 'Static',
  friendlyName: `Group ${groupID}`,
  description: '',
  private: false,
  userID: 7,
  dateAdded: '2024-01-02 03:04:05',
  dateModified: '2024-01-02 03:04:05',
  totalMembers: 3,
  activeMembers: 2,
  ...overrides,
});

export const serviceSuccess = (data: unknown) => ({ success: 1, code: 0, errors: [], data, requestID: 'r-1' });
export const serviceError = (code: number, message: string) => ({ success: 0, code, errors: [message], data: {}, requestID: 'r-2' });

export const servicePage = (records: unknown[], paging: Record<string, unknown>) => serviceSuccess({ records, paging });
export const restError = (code: number, message: string) => ({ error: { code, messages: [message] } });
