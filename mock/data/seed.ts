import type { ProfileFixtures } from '../../harness/types';
import { createRandom } from '../random';
import type { Contact, Email, Group, User } from './model';
import { seedContacts, seedUsers } from './seed-contacts';
import { seedEmails } from './seed-emails';
import { seedGroups } from './seed-groups';
import { TRANSACTIONAL_CATEGORIES } from './vocabulary';

/** How many suppressed contacts are kept out of every group, for clients to import into one. */
const LONE_SUPPRESSED = 5;

export interface SeedSettings {
  seed: number;
  scale: number;
  /** The clock's now: seeded dates are relative to it. */
  now: number;
}

/** What the mock tells clients about its data beyond the documented reads. */
export interface MockFixtures extends ProfileFixtures {
  suppressedEmails: string[];
  failingExport: { startDate: string; endDate: string };
  transactionalCategories: string[];
}

export interface SeedData {
  users: User[];
  contacts: Contact[];
  groups: Group[];
  emails: Email[];
  fixtures: MockFixtures;
}

/** The same settings always give the same data (dates relative to settings.now). */
export function seed(settings: SeedSettings): SeedData {
  const random = createRandom(settings.seed);
  const { scale, now } = settings;
  const users = seedUsers(scale);
  const contacts = seedContacts(random, scale, now);
  const emails = seedEmails({ random, scale, now, users });
  const loneSuppressed = contacts.filter((contact) => contact.state === 'suppressed').slice(0, LONE_SUPPRESSED);
  const lone = new Set(loneSuppressed);
  const groups = seedGroups({
    random,
    scale,
    now,
    userIDs: users.map((user) => user.userID),
    memberPool: contacts.filter((contact) => !lone.has(contact)),
    autoResponseEmailIDs: emails.filter((email) => email.deliveryType === 'Manual').map((email) => email.emailID),
  });
  return {
    users,
    contacts,
    groups,
    emails,
    fixtures: {
      suppressedEmails: loneSuppressed.map((contact) => contact.email),
      failingExport: { startDate: '1999-01-01', endDate: '1999-12-31' },
      transactionalCategories: [...TRANSACTIONAL_CATEGORIES],
    },
  };
}
