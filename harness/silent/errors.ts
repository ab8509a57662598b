/** The form of an error's messages and what its data holds (interface.md: "Error response body shape ...: not shown"). */
import { valueAt } from '../contract';
import { messagesFormOf } from '../core';
import { observer, saw, type Sighting } from './_internals/sighting';

export const messagesForm = observer('errors.messages-form', (traffic, target) => {
  const pointer = target.profile.outcome.errorsPointer;
  if (pointer === undefined) return [];
  let fewest: number | undefined;
  const sightings: Sighting[] = [];
  for (const exchange of traffic.exchanges) {
    if (exchange.outcome !== 'error' || exchange.body === undefined) continue;
    const value = valueAt(exchange.body, pointer);
    const form = messagesFormOf(value);
    if (form === 'string') sightings.push(saw('one-string', 'an error answer -> its messages one string'));
    else if (form === 'objects') sightings.push(saw('objects', 'an error answer -> its messages objects'));
    else if (form === 'strings' && Array.isArray(value) && value.length > 0) fewest = Math.min(fewest ?? Infinity, value.length);
  }
  // A request refused for one thing shows one string (one per error) or several for it: the fewest messages any refusal had.
  if (fewest === 1) sightings.push(saw('one-string-each', 'an error answer -> one string per error'));
  else if (fewest !== undefined) sightings.push(saw('several-strings', `every error answer -> ${fewest} strings or more`));
  return sightings;
});

/**
 * What an error answer's data member holds, where the profile's envelope wraps the payload in one. A Failed job's
 * status answer is left out: its data carries the job's status, which the documents ask for.
 */
export const errorData = observer('errors.data', (traffic, target) => {
  const pointer = target.profile.pointers.payload;
  if (!pointer) return [];
  const sightings: Sighting[] = [];
  for (const exchange of traffic.exchanges) {
    if (exchange.outcome !== 'error' || exchange.body === undefined || exchange.op === 'exports.jobStatus') continue;
    const data = valueAt(exchange.body, pointer);
    if (data === undefined) continue;
    const empty = data === null || data === '' || (typeof data === 'object' && Object.keys(data).length === 0);
    sightings.push(empty ? saw('empty', 'an error answer -> data holds nothing') : saw('details', 'an error answer -> data holds members'));
  }
  return sightings;
});
