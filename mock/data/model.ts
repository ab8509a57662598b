/** The mock's domain records. Times are epoch milliseconds (GMT); undefined means "never set". */

export interface User {
  userID: number;
  name: string;
  address: string;
}

export type GroupStatus = 'Active' | 'Archived';
export type GroupType = 'Static' | 'Dynamic';

export interface Group {
  groupID: number;
  groupName: string;
  status: GroupStatus;
  type: GroupType;
  friendlyName: string;
  description: string;
  private: boolean;
  userID: number;
  autoResponseEmailID?: number;
  dateAdded: number;
  dateModified: number;
  dateLastEmailSent?: number;
  /** contactIDs of the members; the member counts are always derived from it. */
  members: Set<number>;
}

/** held and suppressed contacts are members but never active ones. */
export type ContactState = 'active' | 'held' | 'suppressed';

export interface Contact {
  contactID: number;
  /** As last imported; matched case-insensitively. Empty only for a contact created by a fault. */
  email: string;
  state: ContactState;
  fields: Record<string, unknown>;
  customFields: Record<string, unknown>;
  dateAdded: number;
  dateModified: number;
}

export type DeliveryType = 'Manual' | 'Automated' | 'Transactional';
export type EmailStatus = 'Draft' | 'Scheduled' | 'Sent';

export interface EmailMetrics {
  views: number;
  uniqueViews: number;
  clicks: number;
  uniqueClicks: number;
  bounces: number;
  forwards: number;
  uniqueForwards: number;
  recipients: number;
  sendingIssues: number;
  webViews: number;
  uniqueWebViews: number;
  complaints: number;
  shares: number;
  uniqueShares: number;
  unsubscribes: number;
  clickToViewRate: number;
}

export interface Email {
  emailID: number;
  deliveryType: DeliveryType;
  status: EmailStatus;
  templateID?: number;
  userID: number;
  subject: string;
  title: string;
  fromName: string;
  fromAddress: string;
  replyToName: string;
  replyToAddress: string;
  dateAdded: number;
  dateModified: number;
  dateSent?: number;
  metrics: EmailMetrics;
  schedule: { dateScheduled?: number; confirmed: boolean };
  parentEmailID?: number;
  abSplitID?: number;
  campaignIDs: number[];
  /** Transactional emails only; searchable, not part of the record. */
  transactionalCategory?: string;
}
