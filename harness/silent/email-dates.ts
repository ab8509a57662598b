/** The dateSent of emails not sent and of automated summaries. */
import { foldCase, hasValue, parseTargetDatetime, referencedID } from '../oracles';
import { answered, idOf, recordsOf, textParam } from './_internals/answers';
import { observer, saw, type Sighting } from './_internals/sighting';

const UNSENT = new Set(['draft', 'scheduled']);

export const unsentDateSent = observer('emails.unsent-dateSent', (traffic) => {
  const sightings: Sighting[] = [];
  for (const exchange of answered(traffic, 'emails.search')) {
    for (const record of recordsOf(exchange)) {
      const status = foldCase(record.status);
      if (!UNSENT.has(status)) continue;
      sightings.push(hasValue(record.dateSent) ? saw('planned', `emails/search ${status} record -> dateSent present`) : saw('none', `emails/search ${status} record -> no dateSent`));
    }
  }
  return sightings;
});

/** An automated search that answers summaries: deliveryType automated, automatedResults not detail, no parentEmailID. */
const isSummarySearch = (params: Record<string, unknown>, deliveryType: string | undefined, results: string | undefined): boolean =>
  deliveryType === 'automated' && results !== 'detail' && params.parentEmailID === undefined;

export const summaryDateSent = observer('emails.summary-dateSent', (traffic, target) => {
  const format = target.profile.datetime.format;
  const summaries = new Map<number, Set<number>>();
  const sends = new Map<number, Set<number>>();
  const add = (map: Map<number, Set<number>>, id: number, time: number) => {
    let set = map.get(id);
    if (!set) map.set(id, (set = new Set()));
    set.add(time);
  };
  for (const exchange of answered(traffic, 'emails.search')) {
    const summary = isSummarySearch(exchange.params, textParam(exchange, 'deliveryType'), textParam(exchange, 'automatedResults'));
    for (const record of recordsOf(exchange)) {
      const parent = referencedID(record.parentEmailID);
      const id = parent === undefined && summary ? idOf('emails.search', record) : undefined;
      if (parent === undefined && id === undefined) continue;
      const sent = parseTargetDatetime(record.dateSent, format)?.getTime();
      if (sent === undefined) continue;
      if (parent !== undefined) add(sends, parent, sent);
      else add(summaries, id!, sent);
    }
  }
  const sightings: Sighting[] = [];
  for (const [id, dates] of summaries) {
    const times = [...(sends.get(id) ?? [])];
    if (times.length < 2 || dates.size !== 1) continue;
    const [date] = [...dates];
    const [first, latest] = [Math.min(...times), Math.max(...times)];
    if (first === latest) continue;
    if (date === latest) sightings.push(saw('latest-send', 'emails/search automated summary -> dateSent of its latest send'));
    else if (date === first) sightings.push(saw('first-send', 'emails/search automated summary -> dateSent of its first send'));
  }
  return sightings;
});
