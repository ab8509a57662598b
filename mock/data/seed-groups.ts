import { DAY_MS } from '../datetime';
import type { Random } from '../random';
import type { Contact, Group, GroupStatus, GroupType } from './model';
import { GROUP_AUDIENCES, GROUP_TOPICS } from './vocabulary';

const GROUPS_PER_SCALE = 64;
const MAX_SEEDED_MEMBERS = 60;

export interface GroupSeedInput {
  random: Random;
  scale: number;
  now: number;
  userIDs: readonly number[];
  /** Contacts that may become members (the fixture's suppressed contacts are left out). */
  memberPool: readonly Contact[];
  /** IDs of manual emails usable as auto-responses. */
  autoResponseEmailIDs: readonly number[];
}

/**
 * Groups with unique names built from shared fragments ("News", "VIP", "Newsletter"), every combination of
 * status x type x private among the first eight, and members drawn from the contacts.
 */
export function seedGroups(input: GroupSeedInput): Group[] {
  const { random, scale, now } = input;
  return Array.from({ length: GROUPS_PER_SCALE * scale }, (_, index) => {
    const combination = index < 8 ? index : undefined;
    const status: GroupStatus = pickFlag(random, combination, 1, 0.3) ? 'Archived' : 'Active';
    const type: GroupType = pickFlag(random, combination, 2, 0.3) ? 'Dynamic' : 'Static';
    const isPrivate = pickFlag(random, combination, 4, 0.3);
    const groupName = nameFor(index, random);
    const dateAdded = now - random.int(20, 1000) * DAY_MS - random.int(0, DAY_MS);
    const memberCount = random.chance(0.1) ? 0 : random.int(1, MAX_SEEDED_MEMBERS);
    return {
      groupID: index + 1,
      groupName,
      status,
      type,
      friendlyName: random.chance(0.6) ? groupName : `${groupName} mailing`,
      description: `Contacts who receive ${groupName.toLowerCase()} mailings`,
      private: isPrivate,
      userID: random.pick(input.userIDs),
      autoResponseEmailID: random.chance(0.25) ? random.pick(input.autoResponseEmailIDs) : undefined,
      dateAdded,
      dateModified: dateAdded + random.int(0, now - dateAdded),
      dateLastEmailSent: random.chance(0.25) ? undefined : dateAdded + random.int(0, now - dateAdded),
      members: new Set(random.sample(input.memberPool, memberCount).map((contact) => contact.contactID)),
    };
  });
}

/** The first eight groups take their flags from the bits of their index; the rest draw them. */
function pickFlag(random: Random, combination: number | undefined, bit: number, probability: number): boolean {
  return combination === undefined ? random.chance(probability) : (combination & bit) !== 0;
}

function nameFor(index: number, random: Random): string {
  const topic = GROUP_TOPICS[index % GROUP_TOPICS.length];
  const audience = GROUP_AUDIENCES[Math.floor(index / GROUP_TOPICS.length) % GROUP_AUDIENCES.length];
  const round = Math.floor(index / (GROUP_TOPICS.length * GROUP_AUDIENCES.length));
  const name = round ? `${topic} ${audience} ${round + 1}` : `${topic} ${audience}`;
  return random.chance(0.05) ? name.toLowerCase() : name;
}
