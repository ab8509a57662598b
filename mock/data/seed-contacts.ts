import type { Random } from '../random';
import type { Contact, ContactState, User } from './model';
import { FIRST_NAMES, LAST_NAMES, MAIL_DOMAINS, USER_NAMES } from './vocabulary';
import { DAY_MS } from '../datetime';

const CONTACTS_PER_SCALE = 2000;
const USERS_PER_SCALE = 6;

export function seedUsers(scale: number): User[] {
  return Array.from({ length: USERS_PER_SCALE * scale }, (_, index) => {
    const name = USER_NAMES[index % USER_NAMES.length] as string;
    const round = Math.floor(index / USER_NAMES.length);
    const slug = name.toLowerCase().replace(/\s+/g, '-');
    return { userID: index + 1, name: round ? `${name} ${round + 1}` : name, address: `${slug}${round || ''}@example.com` };
  });
}

/** Contacts with a few suppressed (4%) and held (5%) ones; some addresses have capitals. */
export function seedContacts(random: Random, scale: number, now: number): Contact[] {
  return Array.from({ length: CONTACTS_PER_SCALE * scale }, (_, index) => {
    const contactID = index + 1;
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const local = `${first}.${last}${contactID}`;
    const domain = random.pick(MAIL_DOMAINS);
    const email = random.chance(0.05) ? `${local}@${domain.toUpperCase()}` : `${local}@${domain}`.toLowerCase();
    const roll = random.next();
    const state: ContactState = roll < 0.04 ? 'suppressed' : roll < 0.09 ? 'held' : 'active';
    const dateAdded = now - random.int(1, 1000) * DAY_MS;
    return {
      contactID,
      email,
      state,
      fields: { firstName: first, lastName: last },
      customFields: {},
      dateAdded,
      dateModified: dateAdded + random.int(0, now - dateAdded),
    };
  });
}
