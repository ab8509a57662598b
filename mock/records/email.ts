import type { Choices } from '../choices/choices';
import type { Email } from '../data/model';
import type { FaultSwitch } from '../faults';
import type { Representation } from '../representation';
import { dateSentShown } from './date-sent';

/**
 * An email as emails/search returns it (interface.md, "Email"; metrics and schedule per service-facts.md).
 * records.absent-value=empty-string: absent templateID and abSplitID are 0, an absent parentEmailID has no key;
 * records.extra-members=extra: undocumented fields (htmlVersionEditable, archived, metrics.hardBounces/softBounces)
 * come along; emails.unsent-dateSent=planned: an email not sent shows its planned send time as dateSent.
 */
export function emailRecord(email: Email, present: Representation, faults: FaultSwitch, choices: Choices): Record<string, unknown> {
  const extra = choices.is('records.extra-members', 'extra');
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
    dateSent: present.datetime(dateSentShown(email, choices)),
    metrics: extra ? { ...email.metrics, hardBounces: Math.ceil(email.metrics.bounces / 2), softBounces: Math.floor(email.metrics.bounces / 2) } : { ...email.metrics },
    schedule: { dateScheduled: present.datetime(email.schedule.dateScheduled), confirmed: email.schedule.confirmed ? 1 : 0 },
    parentEmailID: present.optional(email.parentEmailID, 'omit'),
    abSplitID: present.optional(email.abSplitID, 0),
    campaignIDs: [...email.campaignIDs],
  };
  if (extra) {
    record.htmlVersionEditable = email.templateID === undefined ? 1 : 0;
    record.archived = 0;
  }
  return record;
}
