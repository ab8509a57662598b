/**
 * What the stateful exploration learned of the target from its answers: records of both searches (their IDs,
 * names, kinds, dates), the export jobs it requested and the files they announced, the contacts it imported.
 * Commands draw abstract choices ("the k-th A/B split parent", "just after an email's dateSent") and resolve
 * them here when they run, so a sequence replays against the same data the same way.
 */
import type { ApiResponse } from '../../harness/check';
import type { Profile } from '../../harness/types';
import { parseTargetDatetime, readInteger, referencedID } from '../../harness/oracles';
import { answeredContacts, recordsOf, jobIdOf, phaseOf } from '../../harness/model';

export interface LearnedGroup {
  groupID: number;
  groupName?: string;
  type?: string;
  userID?: number;
}

export interface LearnedEmail {
  emailID: number;
  deliveryType?: string;
  status?: string;
  title?: string;
  subject?: string;
  userID?: number;
  parentEmailID?: number;
  abSplitID?: number;
  campaignIDs: number[];
  dateSent?: Date;
}

export interface LearnedJob {
  jobID: number;
  done: boolean;
  fileKey?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

export class Learned {
  readonly groups = new Map<number, LearnedGroup>();
  readonly emails = new Map<number, LearnedEmail>();
  readonly jobs: LearnedJob[] = [];
  readonly contacts: string[] = [];
  /** The contactID each address imported was answered with (address as sent). */
  readonly contactIDs = new Map<string, number>();

  constructor(private readonly profile: Profile) {}

  /** Learns what an answer shows: search records, a new job, a job's file. */
  learn(response: ApiResponse): void {
    if (response.outcome !== 'success') return;
    if (response.op === 'contacts.import') this.learnContacts(response);
    if (response.op === 'groups.search') for (const record of recordsOf(response)) this.learnGroup(record);
    if (response.op === 'emails.search') for (const record of recordsOf(response)) this.learnEmail(record);
    if (response.op === 'exports.emails') {
      const jobID = jobIdOf(response, this.profile);
      if (jobID !== undefined && !this.jobs.some((job) => job.jobID === jobID)) this.jobs.push({ jobID, done: false });
    }
    if (response.op === 'exports.jobStatus') {
      const job = this.jobs.find((candidate) => String(candidate.jobID) === String(response.params.jobID));
      if (!job) return;
      const phase = phaseOf(response, this.profile);
      job.done = phase === 'completed' || phase === 'failed';
      const fileKey = text(response.job?.fileKey);
      if (fileKey) job.fileKey = fileKey;
    }
  }

  private learnContacts(response: ApiResponse): void {
    for (const { address, contactID } of answeredContacts(response, { profile: this.profile })) if (!this.contactIDs.has(address)) this.contactIDs.set(address, contactID);
  }

  /** The contactID of a contact other than these addresses (letter case aside), by its draw; undefined when none is known. */
  contactIDOfAnother(pick: number, addresses: readonly string[]): number | undefined {
    const others = new Set(addresses.map((address) => address.toLowerCase()));
    return pickOf([...this.contactIDs].filter(([email]) => !others.has(email.toLowerCase())).map(([, id]) => id), pick);
  }

  private learnGroup(record: Record<string, unknown>): void {
    const groupID = readInteger(record.groupID);
    if (groupID === undefined) return;
    this.groups.set(groupID, { groupID, groupName: text(record.groupName), type: text(record.type), userID: referencedID(record.userID) });
  }

  private learnEmail(record: Record<string, unknown>): void {
    const emailID = readInteger(record.emailID);
    if (emailID === undefined) return;
    const campaignIDs = Array.isArray(record.campaignIDs) ? record.campaignIDs.map(readInteger).filter((id): id is number => id !== undefined) : [];
    this.emails.set(emailID, {
      emailID,
      deliveryType: text(record.deliveryType),
      status: text(record.status),
      title: text(record.title),
      subject: text(record.subject),
      userID: referencedID(record.userID),
      parentEmailID: referencedID(record.parentEmailID),
      abSplitID: referencedID(record.abSplitID),
      campaignIDs,
      dateSent: parseTargetDatetime(record.dateSent, this.profile.datetime.format),
    });
  }

  /** The static groups (contacts can be added to them), by ID. */
  staticGroups(): number[] {
    return [...this.groups.values()].filter((group) => group.type?.toLowerCase() === 'static').map((group) => group.groupID).sort((a, b) => a - b);
  }

  /**
   * Parents of individual sends, by kind: the automated emails some send names as its parent, and the A/B split
   * parents (manual emails with an abSplitID that another email names as its parent, or any manual email with an
   * abSplitID when no send was read).
   */
  parents(kind: 'automated' | 'ab-split'): number[] {
    const named = new Set([...this.emails.values()].flatMap((email) => (email.parentEmailID ? [email.parentEmailID] : [])));
    const ofKind = [...this.emails.values()].filter((email) =>
      kind === 'automated' ? email.deliveryType?.toLowerCase() === 'automated' : email.deliveryType?.toLowerCase() === 'manual' && email.abSplitID !== undefined,
    );
    const preferred = ofKind.filter((email) => named.has(email.emailID));
    return (preferred.length > 0 ? preferred : ofKind).map((email) => email.emailID).sort((a, b) => a - b);
  }

  /** The dateSent of the emails read (of one delivery type, when named), earliest first. */
  sendTimes(deliveryType?: string): Date[] {
    return [...this.emails.values()]
      .filter((email) => deliveryType === undefined || email.deliveryType?.toLowerCase() === deliveryType.toLowerCase())
      .flatMap((email) => (email.dateSent ? [email.dateSent] : [])).sort((a, b) => a.getTime() - b.getTime());
  }
}

/** The `pick`-th of a list (modulo its length), undefined when it is empty. */
export const pickOf = <T>(list: readonly T[], pick: number): T | undefined => (list.length === 0 ? undefined : list[Math.abs(pick) % list.length]);
