import { DAY_MS, HOUR_MS } from '../datetime';
import type { Random } from '../random';
import type { DeliveryType, Email, EmailMetrics, EmailStatus, User } from './model';
import { SendTimes } from './send-times';
import {
  SUBJECT_HOOKS,
  TITLE_FORMATS,
  TITLE_SEASONS,
  TITLE_THEMES,
  TRANSACTIONAL_CATEGORIES,
  TRANSACTIONAL_SUBJECTS,
} from './vocabulary';

/** Per scale unit; about 1050 emails in all (so scale 50 holds more than 50k). */
const MIX = {
  manualSent: 540,
  manualRecentAtLeast: 40,
  drafts: 40,
  scheduled: 30,
  abSplits: 10,
  automated: 20,
  transactional: 220,
  campaigns: 12,
} as const;

export interface EmailSeedInput {
  random: Random;
  scale: number;
  now: number;
  users: readonly User[];
}

/**
 * Emails over the last 30 months: manual Sent (recent and older, three within the last day), Draft,
 * Scheduled, A/B splits with their sends, automated emails with their individual sends, and transactional
 * emails in several categories. Titles and subjects share words so wildcards have something to match.
 */
export function seedEmails(input: EmailSeedInput): Email[] {
  const builder = new EmailBuilder(input);
  for (let unit = 0; unit < input.scale; unit++) builder.seedUnit(unit);
  return builder.emails;
}

class EmailBuilder {
  readonly emails: Email[] = [];
  private nextID = 1;
  private nextSplitID = 1;
  private readonly random: Random;
  private readonly times: SendTimes;

  constructor(private readonly input: EmailSeedInput) {
    this.random = input.random;
    this.times = new SendTimes(input.random, input.now);
  }

  seedUnit(unit: number): void {
    const campaigns = Array.from({ length: MIX.campaigns }, (_, index) => unit * MIX.campaigns + index + 1);
    for (const hoursAgo of [2, 7, 20]) this.manual('Sent', campaigns, this.times.today(hoursAgo));
    for (let index = 3; index < MIX.manualSent; index++) {
      this.manual('Sent', campaigns, index < MIX.manualRecentAtLeast ? this.times.recent() : this.times.either(0.25));
    }
    for (let index = 0; index < MIX.drafts; index++) this.manual('Draft', campaigns);
    for (let index = 0; index < MIX.scheduled; index++) this.manual('Scheduled', campaigns);
    for (let index = 0; index < MIX.abSplits; index++) this.abSplit(campaigns, index < 7 ? this.times.recent() : this.times.old());
    for (let index = 0; index < MIX.automated; index++) this.automated(campaigns);
    for (let index = 0; index < MIX.transactional; index++) this.transactional(index);
  }

  private manual(status: EmailStatus, campaigns: readonly number[], dateSent?: number): Email {
    const email = this.email('Manual', status, this.title(), this.subject(), dateSent);
    email.campaignIDs = this.campaignsFrom(campaigns);
    if (status === 'Scheduled') {
      email.schedule = { dateScheduled: this.input.now + this.random.int(1, 60) * DAY_MS, confirmed: true };
    }
    return email;
  }

  /** A parent email sent to the winning variant, after two or three test sends. */
  private abSplit(campaigns: readonly number[], dateSent: number): void {
    const parent = this.manual('Sent', campaigns, dateSent);
    parent.abSplitID = this.nextSplitID++;
    const variants = this.random.int(2, 3);
    for (let variant = 0; variant < variants; variant++) {
      const letter = String.fromCharCode(65 + variant);
      const send = this.email('Manual', 'Sent', `${parent.title} (variant ${letter})`, `${parent.subject} [${letter}]`, dateSent - (variant + 1) * 3 * HOUR_MS);
      Object.assign(send, { userID: parent.userID, parentEmailID: parent.emailID, abSplitID: parent.abSplitID, campaignIDs: [...parent.campaignIDs] });
    }
  }

  /** A summary record per automated email; its dateSent and metrics aggregate its individual sends. */
  private automated(campaigns: readonly number[]): void {
    const summary = this.email('Automated', 'Sent', `${this.title()} (automation)`, this.subject());
    summary.campaignIDs = this.campaignsFrom(campaigns);
    const sendTimes = Array.from({ length: this.random.int(4, 10) }, () => this.times.either(0.5)).sort((a, b) => a - b);
    const sends = sendTimes.map((time) => {
      const send = this.email('Automated', 'Sent', summary.title, summary.subject, time);
      Object.assign(send, { userID: summary.userID, templateID: summary.templateID, parentEmailID: summary.emailID, campaignIDs: [...summary.campaignIDs] });
      return send;
    });
    summary.dateSent = sendTimes.at(-1);
    summary.dateAdded = (sendTimes[0] as number) - this.random.int(1, 30) * DAY_MS;
    summary.dateModified = summary.dateSent as number;
    summary.metrics = sumMetrics(sends.map((send) => send.metrics));
  }

  private transactional(index: number): void {
    const category = TRANSACTIONAL_CATEGORIES[index % TRANSACTIONAL_CATEGORIES.length] as (typeof TRANSACTIONAL_CATEGORIES)[number];
    const when = index < 2 * TRANSACTIONAL_CATEGORIES.length ? this.times.old() : this.times.either(0.35);
    const email = this.email('Transactional', 'Sent', `${category} notification`, `${TRANSACTIONAL_SUBJECTS[category]} #${1000 + index}`, when);
    email.transactionalCategory = category;
  }

  private email(deliveryType: DeliveryType, status: EmailStatus, title: string, subject: string, dateSent?: number): Email {
    const { random, input } = this;
    const user = random.pick(input.users);
    const dateAdded = (dateSent ?? input.now) - random.int(1, 40) * DAY_MS - random.int(0, DAY_MS);
    const modifiedUntil = dateSent ?? input.now;
    const email: Email = {
      emailID: this.nextID++,
      deliveryType,
      status,
      templateID: random.chance(0.8) ? random.int(1, 40) : undefined,
      userID: user.userID,
      subject,
      title,
      fromName: user.name,
      fromAddress: user.address,
      replyToName: random.chance(0.7) ? `${user.name} replies` : user.name,
      replyToAddress: random.chance(0.7) ? `replies+${user.userID}@example.com` : user.address,
      dateAdded,
      dateModified: dateAdded + random.int(0, Math.max(0, modifiedUntil - dateAdded)),
      dateSent,
      metrics: status === 'Sent' ? this.metrics() : zeroMetrics(),
      schedule: { confirmed: false },
      campaignIDs: [],
    };
    this.emails.push(email);
    return email;
  }

  private title(): string {
    const { random } = this;
    return `${random.pick(TITLE_SEASONS)} ${random.pick(TITLE_THEMES)} ${random.pick(TITLE_FORMATS)}`;
  }

  private subject(): string {
    const { random } = this;
    return `${random.pick(TITLE_THEMES)}: ${random.pick(SUBJECT_HOOKS)}`;
  }

  private campaignsFrom(campaigns: readonly number[]): number[] {
    const roll = this.random.next();
    const count = roll < 0.15 ? 2 : roll < 0.55 ? 1 : 0;
    return this.random.sample(campaigns, count);
  }

  private metrics(): EmailMetrics {
    const { random } = this;
    const recipients = random.int(50, 5000);
    const uniqueViews = random.int(0, recipients);
    const views = uniqueViews + random.int(0, uniqueViews);
    const uniqueClicks = random.int(0, uniqueViews);
    const clicks = uniqueClicks + random.int(0, uniqueClicks);
    return withRate({
      views, uniqueViews, clicks, uniqueClicks,
      bounces: random.int(0, Math.floor(recipients / 20)),
      ...withUnique('forwards', 'uniqueForwards', random.int(0, 20), random),
      recipients,
      sendingIssues: random.int(0, 5),
      ...withUnique('webViews', 'uniqueWebViews', random.int(0, 50), random),
      complaints: random.int(0, 3),
      ...withUnique('shares', 'uniqueShares', random.int(0, 15), random),
      unsubscribes: random.int(0, Math.floor(recipients / 100)),
      clickToViewRate: 0,
    });
  }
}

/** A counter and its unique counterpart, which never exceeds it. */
function withUnique<K extends keyof EmailMetrics, U extends keyof EmailMetrics>(total: K, unique: U, count: number, random: Random) {
  return { [total]: count, [unique]: random.int(0, count) } as Record<K | U, number>;
}

function zeroMetrics(): EmailMetrics {
  return sumMetrics([]);
}

function sumMetrics(all: readonly EmailMetrics[]): EmailMetrics {
  const total: EmailMetrics = {
    views: 0, uniqueViews: 0, clicks: 0, uniqueClicks: 0, bounces: 0, forwards: 0, uniqueForwards: 0, recipients: 0,
    sendingIssues: 0, webViews: 0, uniqueWebViews: 0, complaints: 0, shares: 0, uniqueShares: 0, unsubscribes: 0,
    clickToViewRate: 0,
  };
  const counters = Object.keys(total).filter((key) => key !== 'clickToViewRate') as (keyof EmailMetrics)[];
  for (const metrics of all) for (const key of counters) total[key] += metrics[key];
  return withRate(total);
}

/** clickToViewRate: unique clicks per unique view, two decimals. */
function withRate(metrics: EmailMetrics): EmailMetrics {
  metrics.clickToViewRate = metrics.uniqueViews ? Math.round((metrics.uniqueClicks / metrics.uniqueViews) * 100) / 100 : 0;
  return metrics;
}
