import { AddressBook, runPrefix } from '../../generators';

/** Every address the checks of a worker import: run-unique, on the reserved example.com domain. */
export const addresses = new AddressBook(runPrefix());
