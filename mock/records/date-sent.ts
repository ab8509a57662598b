import type { Choices } from '../choices/choices';
import type { Email } from '../data/model';

const DAY_MS = 24 * 60 * 60 * 1000;
/** emails.unsent-dateSent=planned: a draft, never scheduled, is planned this long after its last change. */
const DRAFT_PLANNED_AFTER_MS = 7 * DAY_MS;

/**
 * The dateSent an email shows and sorts by. An email sent: when it was sent. An email not sent (Draft,
 * Scheduled): none, or under emails.unsent-dateSent=planned its planned send time (schedule.dateScheduled,
 * else a week after its last change). The dateSent window never reads this: it selects sent emails by
 * `email.dateSent` alone (routes/emails-search.ts).
 */
export function dateSentShown(email: Email, choices: Choices): number | undefined {
  if (email.status === 'Sent' || !choices.is('emails.unsent-dateSent', 'planned')) return email.dateSent;
  return email.schedule.dateScheduled ?? email.dateModified + DRAFT_PLANNED_AFTER_MS;
}
