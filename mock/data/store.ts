import type { Choices } from '../choices/choices';
import type { Contact, Email, Group, User } from './model';
import type { MockFixtures, SeedData } from './seed';

export interface MemberCounts {
  totalMembers: number;
  activeMembers: number;
}

/** Emails split the way searches read them. */
export interface EmailSets {
  manual: Email[];
  automatedSummaries: Email[];
  automatedSends: Email[];
  transactional: Email[];
}

/** The mock's data, in memory. Member counts are derived from membership on every read, so they cannot drift. */
export class Store {
  readonly users: readonly User[];
  readonly groups: readonly Group[];
  readonly emails: readonly Email[];
  readonly emailSets: EmailSets;
  readonly fixtures: MockFixtures;
  private readonly groupsByID: Map<number, Group>;
  private readonly emailsByID: Map<number, Email>;
  private readonly contactsByEmail = new Map<string, Contact>();
  private readonly contactsByID = new Map<number, Contact>();
  private nextContactID = 1;

  /**
   * import.email-match-case=exact: contacts are matched on their email exactly, case included;
   * emails.summary-dateSent=first-send: an automated summary's dateSent is its first send (default: its latest).
   */
  constructor(data: SeedData, private readonly choices: Choices) {
    this.users = data.users;
    this.groups = data.groups;
    this.emails = data.emails;
    this.fixtures = data.fixtures;
    this.groupsByID = new Map(data.groups.map((group) => [group.groupID, group]));
    this.emailsByID = new Map(data.emails.map((email) => [email.emailID, email]));
    for (const contact of data.contacts) this.addContact(contact);
    this.emailSets = {
      manual: data.emails.filter((email) => email.deliveryType === 'Manual'),
      automatedSummaries: data.emails.filter((email) => email.deliveryType === 'Automated' && email.parentEmailID === undefined),
      automatedSends: data.emails.filter((email) => email.deliveryType === 'Automated' && email.parentEmailID !== undefined),
      transactional: data.emails.filter((email) => email.deliveryType === 'Transactional'),
    };
    if (choices.is('emails.summary-dateSent', 'first-send')) this.dateSummariesByFirstSend();
  }

  private dateSummariesByFirstSend(): void {
    const first = new Map<number, number>();
    for (const send of this.emailSets.automatedSends) {
      const parent = send.parentEmailID as number;
      if (send.dateSent !== undefined) first.set(parent, Math.min(first.get(parent) ?? Infinity, send.dateSent));
    }
    for (const summary of this.emailSets.automatedSummaries) {
      const dateSent = first.get(summary.emailID);
      if (dateSent !== undefined) summary.dateSent = dateSent;
    }
  }

  group(groupID: number): Group | undefined {
    return this.groupsByID.get(groupID);
  }

  email(emailID: number): Email | undefined {
    return this.emailsByID.get(emailID);
  }

  /** Existing contacts are matched on email address, case-insensitively (import.email-match-case=exact: as sent). */
  contactByEmail(email: string): Contact | undefined {
    return this.contactsByEmail.get(this.emailKey(email));
  }

  contactByID(contactID: number): Contact | undefined {
    return this.contactsByID.get(contactID);
  }

  allocateContactID(): number {
    return this.nextContactID++;
  }

  insertContact(fields: Omit<Contact, 'contactID'>): Contact {
    const contact = { ...fields, contactID: this.allocateContactID() };
    this.addContact(contact);
    return contact;
  }

  /**
   * totalMembers counts every member; activeMembers those neither held nor suppressed.
   * heldMisplaced is the active-members fault: held members move from the total to the active count.
   */
  memberCounts(group: Group, heldMisplaced = false): MemberCounts {
    if (heldMisplaced) return this.countMembers(group, true);
    const kept = this.keptCounts.get(group);
    if (kept && kept.writes === this.writes) return kept.counts;
    const counts = this.countMembers(group, false);
    this.keptCounts.set(group, { writes: this.writes, counts });
    return counts;
  }

  /**
   * A write to contacts or group memberships happened (a contacts/import request, whatever its outcome): the
   * member counts kept so far are stale.
   */
  noteWrite(): void {
    this.writes += 1;
  }

  private writes = 0;
  /** Each group's member counts, kept until the next write (a large account's groups/search counts every group it sorts by them). */
  private readonly keptCounts = new WeakMap<Group, { writes: number; counts: MemberCounts }>();

  private countMembers(group: Group, heldMisplaced: boolean): MemberCounts {
    let held = 0;
    let suppressed = 0;
    for (const contactID of group.members) {
      const state = this.contactsByID.get(contactID)?.state;
      if (state === 'held') held++;
      else if (state === 'suppressed') suppressed++;
    }
    const total = group.members.size;
    if (heldMisplaced) return { totalMembers: total - held, activeMembers: total - suppressed };
    return { totalMembers: total, activeMembers: total - held - suppressed };
  }

  private emailKey(email: string): string {
    return this.choices.is('import.email-match-case', 'exact') ? email : email.trim().toLowerCase();
  }

  private addContact(contact: Contact): void {
    this.contactsByID.set(contact.contactID, contact);
    if (contact.email !== '') this.contactsByEmail.set(this.emailKey(contact.email), contact);
    this.nextContactID = Math.max(this.nextContactID, contact.contactID + 1);
  }
}
