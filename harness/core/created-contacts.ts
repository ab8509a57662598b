import type { CreatedContact } from '../types';

/** Where import checks log the contacts they create, so a run against a real target can be cleaned up. */
export interface CreatedContactsLog {
  record(...contacts: CreatedContact[]): void;
}
