import type { Email } from '../data/model';
import type { FaultSwitch } from '../faults';
import type { Representation } from '../representation';

/** An email as emails/search returns it (interface.md, "Email"; metrics and schedule per service-facts.md). */
export function emailRecord(email: Email, present: Representation, faults: FaultSwitch): Record<string, unknown> {
  const templateID = faults.has('emails-template-id-string') && email.templateID !== undefined ? String(email.templateID) : email.templateID;
  return {
    emailID: email.emailID,
    deliveryType: email.deliveryType,
    status: email.status,
    templateID: present.optional(templateID),
    userID: email.userID,
    subject: email.subject,
    title: email.title,
    fromName: email.fromName,
    fromAddress: email.fromAddress,
    replyToName: email.replyToName,
    replyToAddress: email.replyToAddress,
    dateAdded: present.datetime(email.dateAdded),
    dateModified: present.datetime(email.dateModified),
    dateSent: present.datetime(email.dateSent),
    metrics: { ...email.metrics },
    schedule: { dateScheduled: present.datetime(email.schedule.dateScheduled), confirmed: email.schedule.confirmed ? 1 : 0 },
    parentEmailID: present.optional(email.parentEmailID),
    abSplitID: present.optional(email.abSplitID),
    campaignIDs: [...email.campaignIDs],
  };
}
