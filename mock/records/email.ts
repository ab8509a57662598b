import type { Email } from '../data/model';
import type { FaultSwitch } from '../faults';
import type { Representation } from '../representation';

/**
 * An email as emails/search returns it (interface.md, "Email"; metrics and schedule per service-facts.md).
 * alt: absent templateID and abSplitID are 0, an absent parentEmailID has no key, and undocumented fields
 * (htmlVersionEditable, archived, metrics.hardBounces/softBounces) come along.
 */
export function emailRecord(email: Email, present: Representation, faults: FaultSwitch, alt = false): Record<string, unknown> {
  const templateID = faults.has('emails-template-id-string') && email.templateID !== undefined ? String(email.templateID) : email.templateID;
  const record: Record<string, unknown> = {
    emailID: email.emailID,
    deliveryType: email.deliveryType,
    status: email.status,
    templateID: present.optional(templateID, 0),
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
    metrics: alt ? { ...email.metrics, hardBounces: Math.ceil(email.metrics.bounces / 2), softBounces: Math.floor(email.metrics.bounces / 2) } : { ...email.metrics },
    schedule: { dateScheduled: present.datetime(email.schedule.dateScheduled), confirmed: email.schedule.confirmed ? 1 : 0 },
    parentEmailID: present.optional(email.parentEmailID, 'omit'),
    abSplitID: present.optional(email.abSplitID, 0),
    campaignIDs: [...email.campaignIDs],
  };
  if (alt) {
    record.htmlVersionEditable = email.templateID === undefined ? 1 : 0;
    record.archived = 0;
  }
  return record;
}
