/**
 * A sequence that exercises each relation of the model with state (harness/model state.ts) at least once a run,
 * beside the random ones: each enum value of both searches sent again in another letter case, a dateSent window
 * written in every documented datetime form, each search by GET and by POST, an enum parameter given twice, rpp
 * padded with a zero, and (where the run may write) a
 * contact imported, another imported carrying its contactID, and imports whose groups are read just before and
 * after. It runs as a model run like the random sequences: a deviation shrinks to the fewest of its steps that
 * still show it.
 */
import { allowedValues } from '../../generators';
import { importContacts, ping, respelledSearch, type ImportDraw, type RespelledDraw, type Step } from './commands';

const search: RespelledDraw = {
  op: 'groups.search', respelling: 'enum-case', method: 'GET', groupStatus: 'All', groupType: undefined, privateZero: false,
  deliveryType: 'manual', status: undefined, automatedResults: undefined, start: { pick: 0, shift: 0 }, days: 200, windowed: true, form: 'service',
};
const contacts: ImportDraw = { token: 0, fresh: 1, existing: [], shape: 'email', add: [], remove: [], updateExisting: undefined, tag: 'a', contactID: undefined };

/** An hour after an email's dateSent: a window starting there tells a bound read some hours off GMT. */
const HOUR_S = 3_600;

export function relationProbes(writes: boolean): Step[] {
  // helper/ping by POST, an operation named GET only (methods.post-on-get-operations), beside its GET.
  const steps: Step[] = [ping({ token: 0, method: 'GET' }), ping({ token: 0, method: 'POST' })];
  for (const groupStatus of allowedValues('groups.search', 'status')) steps.push(respelledSearch({ ...search, groupStatus }));
  steps.push(respelledSearch({ ...search, respelling: 'method', privateZero: true }));
  for (const respelling of ['repeated', 'padded-integer'] as const) {
    steps.push(respelledSearch({ ...search, respelling, groupStatus: 'Archived' }));
    steps.push(respelledSearch({ ...search, op: 'emails.search', respelling, deliveryType: 'automated', windowed: false }));
  }
  for (const deliveryType of allowedValues('emails.search', 'deliveryType')) steps.push(respelledSearch({ ...search, op: 'emails.search', deliveryType, status: [...allowedValues('emails.search', 'status')] }));
  // Each form once, the zone-less one (the form a target most easily reads off GMT) at two moments of the data.
  for (const [form, picks] of [['iso-no-zone', [0, 23]], ['iso-z', [7]], ['iso-offset', [11]], ['service', [3]]] as const) {
    for (const pick of picks) steps.push(respelledSearch({ ...search, op: 'emails.search', respelling: 'datetime-form', form, start: { pick, shift: HOUR_S }, days: 120 }));
  }
  // Emails not sent (drafts, scheduled) carry no dateSent a window could select: these two are asked without one.
  steps.push(respelledSearch({ ...search, op: 'emails.search', respelling: 'method', status: [...allowedValues('emails.search', 'status')], windowed: false }));
  steps.push(respelledSearch({ ...search, op: 'emails.search', respelling: 'method', status: allowedValues('emails.search', 'status').filter((status) => status !== 'sent'), windowed: false }));
  if (writes) {
    steps.push(importContacts(contacts));
    steps.push(importContacts({ ...contacts, contactID: { another: 0 } }));
    steps.push(importContacts({ ...contacts, fresh: 2, add: [0] }));
    steps.push(importContacts({ ...contacts, fresh: 0, existing: [0], remove: [0] }));
  }
  return steps;
}
