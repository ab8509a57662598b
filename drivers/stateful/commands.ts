// @silent-point import.group-in-both-lists import.duplicate-email-in-call import.record-contactID requests.unknown-parameters requests.repeated-parameter requests.enum-case requests.unclear-integer methods.post-on-get-operations
/**
 * The commands of the stateful exploration: every operation of the interface, each drawn as abstract choices
 * from the documented parameter space (spec/openapi.yaml through generators/) and from the data (resolved
 * against what was learned when the command runs). A command sends and learns; it decides nothing: every
 * exchange is judged with the run's others by every rule it concerns (harness/runner/whole-run.ts).
 *
 * Inputs whose acceptance the documents leave open (spec/silent-points.yaml) are sent now and then, so a run
 * shows the target's reading and the judges meet it: a parameter a search does not know, an enum value spelled in
 * another letter case, a group in both groupIDs and removeGroupIDs, a contactID in every record of an import. A
 * refusal of such a call is an allowed answer (harness/model/silent-inputs.ts); an accepted one is judged by its
 * documented meaning. One search written two ways (respelledSearch) also gives a parameter twice with the same value
 * (where the profile's query repeats a list's key) and rpp padded with a zero; ping, jobStatus and getFile are sent
 * by POST now and then. Never sent: the same email twice in one import.
 */
import fc from 'fast-check';
import type { ApiClient, ApiResponse, TokenChoice } from '../../harness/check';
import { addDays, type AddressBook, allowedValues, contactOfShape, type ContactShape, type RangeLane, rangeParams, searchMethod } from '../../generators';
import { operationParameters } from '../../harness/contract';
import { formatDatetime } from '../../harness/oracles';
import { pickOf, type Learned } from './learned';
import { maxRpp } from '../search';

/** What a command runs with: the client, what was learned, and what the target allows. */
export interface Explorer {
  api: ApiClient;
  learned: Learned;
  /** The tokens the run has, by role (full always). */
  tokens: TokenChoice[];
  writes: boolean;
  book: AddressBook;
  exportRanges: RangeLane;
  formatDatetime(date: Date): string;
  /** The target's profile writes a list in a query as the key repeated (so a scalar given twice repeats its key). */
  queryRepeatsKeys: boolean;
  /** Contacts the run created, for the report. */
  created(email: string): void;
}

export interface Step {
  /** One line for the sequence's description (fast-check prints it with a failing sequence). */
  readonly label: string;
  run(explorer: Explorer): Promise<void>;
}

const send = async (explorer: Explorer, op: Parameters<ApiClient['call']>[0], options: Parameters<ApiClient['call']>[1]): Promise<ApiResponse> => {
  const response = await explorer.api.call(op, { allowTransportFailure: true, ...options });
  explorer.learned.learn(response);
  return response;
};

/** A token by its draw: the full one mostly, else another the run has (a refusal is judged by the permission rules). */
const tokenArb = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.nat({ max: 7 }) });
const tokenOf = (explorer: Explorer, pick: number): TokenChoice => explorer.tokens[pick % explorer.tokens.length] ?? 'full';

const step = (label: string, run: (explorer: Explorer) => Promise<void>): Step => ({ label, run });

// ------------------------------------------------------------------ reads

const enumOrOmitted = (op: 'groups.search' | 'emails.search', name: string) => fc.option(fc.constantFrom(...allowedValues(op, name)), { nil: undefined });
const smallRpp = fc.option(fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 250 })), { nil: undefined });
const smallPage = fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined });

/**
 * A filter drawn from the data, sent in about one search of four: with every such filter as likely as not, most
 * searches would ask so much that nothing comes back, and an empty answer shows the model nothing.
 */
const rarely = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

const defined = (params: Record<string, unknown>) => Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));

/** An input of a search whose acceptance is unwritten, sent in about one search of eight. */
type SilentInput = 'unknown-parameter' | 'other-spelling';
const silentInput = fc.oneof({ weight: 7, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom<SilentInput>('unknown-parameter', 'other-spelling') });

/** A parameter no operation knows (requests.unknown-parameters). */
const UNKNOWN_PARAMETER = { name: 'explorationNote', value: 'unknown to the interface' };

/**
 * The search's parameters with a silent input: a parameter it does not know, or the first enum value sent spelled in
 * another letter case (requests.enum-case); unchanged when there is none to respell.
 */
function withSilentInput(op: 'groups.search' | 'emails.search', params: Record<string, unknown>, input: SilentInput | undefined): Record<string, unknown> {
  if (input === 'unknown-parameter') return { ...params, [UNKNOWN_PARAMETER.name]: UNKNOWN_PARAMETER.value };
  if (input !== 'other-spelling') return params;
  const name = firstEnumParam(op, params);
  return name ? { ...params, [name]: flipCase(params[name] as string) } : params;
}

/** The first parameter the request sends one enum value of (undefined: none). */
function firstEnumParam(op: 'groups.search' | 'emails.search', params: Record<string, unknown>): string | undefined {
  const schemas = operationParameters(op);
  return Object.keys(params).find((key) => schemas[key]?.enum !== undefined && typeof params[key] === 'string');
}

/** A value in the other letter case. */
const flipCase = (value: string) => (value === value.toUpperCase() ? value.toLowerCase() : value.toUpperCase());

/** GET mostly; now and then POST, on an operation named GET only (methods.post-on-get-operations: a refusal is allowed, an answer keeps its meaning). */
const getOrPost = fc.oneof({ weight: 4, arbitrary: fc.constant<'GET' | 'POST'>('GET') }, { weight: 1, arbitrary: fc.constant<'GET' | 'POST'>('POST') });

export const ping = ({ token, method }: { token: number; method: 'GET' | 'POST' }): Step =>
  step(`ping ${method} token#${token}`, async (explorer) => {
    await send(explorer, 'helper.ping', { method, unnamedMethod: true, token: tokenOf(explorer, token) });
  });

export const pingStep = fc.record({ token: tokenArb, method: getOrPost }).map(ping);

export const groupSearchStep = fc
  .record({
    method: searchMethod,
    token: tokenArb,
    status: enumOrOmitted('groups.search', 'status'),
    type: enumOrOmitted('groups.search', 'type'),
    sortField: enumOrOmitted('groups.search', 'sortField'),
    sortDirection: enumOrOmitted('groups.search', 'sortDirection'),
    rpp: smallRpp,
    page: smallPage,
    privateZero: rarely(fc.constant(true)),
    byName: rarely(fc.record({ pick: fc.nat(), from: fc.nat({ max: 8 }), length: fc.integer({ min: 1, max: 4 }) })),
    byIDs: rarely(fc.array(fc.nat(), { minLength: 1, maxLength: 3 })),
    byUser: rarely(fc.nat()),
    silent: silentInput,
  })
  .map((draw) =>
    step(`groups/search ${JSON.stringify(draw)}`, async (explorer) => {
      const groups = [...explorer.learned.groups.values()];
      const named = draw.byName && pickOf(groups.filter((group) => group.groupName), draw.byName.pick)?.groupName;
      const fragment = named && draw.byName ? named.slice(Math.min(draw.byName.from, Math.max(0, named.length - 1))).slice(0, draw.byName.length) : undefined;
      const ids = draw.byIDs ? [...new Set(draw.byIDs.map((pick) => pickOf(groups, pick)?.groupID).filter((id): id is number => id !== undefined))] : undefined;
      const userID = draw.byUser === undefined ? undefined : pickOf(groups.filter((group) => group.userID), draw.byUser)?.userID;
      const params = defined({
        status: draw.status, type: draw.type, sortField: draw.sortField, sortDirection: draw.sortDirection, rpp: draw.rpp, page: draw.page,
        private: draw.privateZero ? 0 : undefined, groupName: fragment || undefined, groupIDs: ids && ids.length > 0 ? ids : undefined, userID,
      });
      await send(explorer, 'groups.search', { method: draw.method, params: withSilentInput('groups.search', params, draw.silent), token: tokenOf(explorer, draw.token) });
    }),
  );

/** Where a dateSent bound falls against an email's own dateSent: at it, a second before, a second after, a day either way. */
const MOMENT_SHIFTS_S = [0, -1, 1, -86_400, 86_400];

export const emailSearchStep = fc
  .record({
    method: searchMethod,
    token: tokenArb,
    deliveryType: enumOrOmitted('emails.search', 'deliveryType'),
    status: fc.option(fc.subarray([...allowedValues('emails.search', 'status')], { minLength: 1 }), { nil: undefined }),
    automatedResults: enumOrOmitted('emails.search', 'automatedResults'),
    sortField: enumOrOmitted('emails.search', 'sortField'),
    sortDirection: enumOrOmitted('emails.search', 'sortDirection'),
    rpp: smallRpp,
    page: smallPage,
    parent: rarely(fc.record({ kind: fc.constantFrom<'automated' | 'ab-split'>('automated', 'ab-split'), pick: fc.nat() })),
    byIDs: rarely(fc.array(fc.nat(), { minLength: 1, maxLength: 3 })),
    byCampaign: rarely(fc.nat()),
    byUser: rarely(fc.nat()),
    byTitle: rarely(fc.record({ field: fc.constantFrom('title', 'subject'), pick: fc.nat(), shape: fc.constantFrom('prefix*', '*suffix', '*middle*', 'whole') })),
    window: fc.option(fc.record({ start: fc.option(fc.record({ pick: fc.nat(), shift: fc.constantFrom(...MOMENT_SHIFTS_S) }), { nil: undefined }), end: fc.option(fc.record({ pick: fc.nat(), shift: fc.constantFrom(...MOMENT_SHIFTS_S) }), { nil: undefined }) }), { nil: undefined }),
    silent: silentInput,
  })
  .map((draw) =>
    step(`emails/search ${JSON.stringify(draw)}`, async (explorer) => {
      const { learned } = explorer;
      const emails = [...learned.emails.values()];
      const deliveryType = draw.parent ? (draw.parent.kind === 'automated' ? 'automated' : draw.deliveryType) : draw.deliveryType;
      const parentEmailID = draw.parent ? pickOf(learned.parents(draw.parent.kind), draw.parent.pick) : undefined;
      const ids = draw.byIDs ? [...new Set(draw.byIDs.map((pick) => pickOf(emails, pick)?.emailID).filter((id): id is number => id !== undefined))] : undefined;
      const campaigns = [...new Set(emails.flatMap((email) => email.campaignIDs))].sort((a, b) => a - b);
      const campaignID = draw.byCampaign === undefined ? undefined : pickOf(campaigns, draw.byCampaign);
      const userID = draw.byUser === undefined ? undefined : pickOf(emails.filter((email) => email.userID), draw.byUser)?.userID;
      const pattern = draw.byTitle ? wildcardOf(pickOf(emails, draw.byTitle.pick)?.[draw.byTitle.field as 'title' | 'subject'], draw.byTitle.shape) : undefined;
      const times = learned.sendTimes();
      const moment = (bound?: { pick: number; shift: number }) => {
        const base = bound && pickOf(times, bound.pick);
        return base ? new Date(base.getTime() + bound.shift * 1000) : undefined;
      };
      let start = moment(draw.window?.start);
      let end = moment(draw.window?.end);
      if (start && end && start > end) [start, end] = [end, start];
      // Within the documented 18 months (a longer window is the window-limit rule's driver's business).
      if (start && end && end > addDays(start, 540)) start = addDays(end, -540);
      const params = defined({
        deliveryType, status: draw.status, automatedResults: draw.automatedResults, sortField: draw.sortField, sortDirection: draw.sortDirection,
        rpp: draw.rpp, page: draw.page, parentEmailID, emailIDs: ids && ids.length > 0 ? ids : undefined, campaignID, userID,
        ...(pattern && draw.byTitle ? { [draw.byTitle.field]: pattern } : {}),
        dateSentStart: start && explorer.formatDatetime(start), dateSentEnd: end && explorer.formatDatetime(end),
      });
      await send(explorer, 'emails.search', { method: draw.method, params: withSilentInput('emails.search', params, draw.silent), token: tokenOf(explorer, draw.token) });
    }),
  );

/** A title/subject pattern from a value: a part of it with `*` where the rest was cut. */
function wildcardOf(value: string | undefined, shape: string): string | undefined {
  if (!value || value.includes('*') || value.length < 3) return undefined;
  const third = Math.max(1, Math.floor(value.length / 3));
  if (shape === 'prefix*') return `${value.slice(0, third)}*`;
  if (shape === '*suffix') return `*${value.slice(-third)}`;
  if (shape === '*middle*') return `*${value.slice(third, 2 * third)}*`;
  return value;
}

// ------------------------------------------------------------------ one request written two ways

/**
 * How the second request writes the first: enum values in another letter case, the dateSent bounds in another
 * documented form, the other method, a parameter given twice with the same value (a query that repeats its keys), rpp
 * padded with a zero (in a query).
 */
type Respelling = 'enum-case' | 'datetime-form' | 'method' | 'repeated' | 'padded-integer';
/** The documented forms of a datetime (service-facts.md: `YYYY-MM-DD HH:MM:SS` GMT, ISO 8601 accepted on input). */
type DatetimeForm = 'service' | 'iso-z' | 'iso-offset' | 'iso-no-zone';

/** The offset the iso-offset form writes a moment at (+05:30: minutes too, and hours). */
const OFFSET_MIN = 330;
const isoLocal = (date: Date) => date.toISOString().slice(0, 19);

/** A moment in one documented form; with an offset, the local time at +05:30 and its designator. */
export function writtenMoment(date: Date, form: DatetimeForm): string {
  if (form === 'service') return formatDatetime(date, 'service');
  if (form === 'iso-z') return formatDatetime(date, 'iso8601');
  if (form === 'iso-no-zone') return isoLocal(date);
  const hours = String(Math.floor(OFFSET_MIN / 60)).padStart(2, '0');
  const minutes = String(OFFSET_MIN % 60).padStart(2, '0');
  return `${isoLocal(new Date(date.getTime() + OFFSET_MIN * 60_000))}+${hours}:${minutes}`;
}

/** The request's enum values in the other letter case (list items too). */
function enumsRespelled(op: 'groups.search' | 'emails.search', params: Record<string, unknown>): Record<string, unknown> {
  const schemas = operationParameters(op);
  return Object.fromEntries(Object.entries(params).map(([name, value]) => {
    const schema = schemas[name];
    if (schema?.enum && typeof value === 'string') return [name, flipCase(value)];
    if (schema?.items?.enum && Array.isArray(value)) return [name, value.map((item) => (typeof item === 'string' ? flipCase(item) : item))];
    return [name, value];
  }));
}

/** The request with its first enum parameter given twice, the same value each time. */
function givenTwice(op: 'groups.search' | 'emails.search', params: Record<string, unknown>): Record<string, unknown> {
  const name = firstEnumParam(op, params);
  return name ? { ...params, [name]: [params[name], params[name]] } : params;
}

/**
 * One search sent twice, the second time written another way, back to back with a page holding the whole result:
 * what a target takes in another spelling keeps its documented meaning, so the model holds the two answers to the
 * same records (harness/model state.ts). A refusal of the other spelling is allowed where the documents leave the
 * spelling open (an enum's letter case: requests.enum-case).
 */
const respelledDraw = fc
  .record({
    op: fc.constantFrom<'groups.search' | 'emails.search'>('groups.search', 'emails.search'),
    respelling: fc.constantFrom<Respelling>('enum-case', 'datetime-form', 'method', 'repeated', 'padded-integer'),
    method: searchMethod,
    groupStatus: fc.constantFrom(...allowedValues('groups.search', 'status')),
    groupType: enumOrOmitted('groups.search', 'type'),
    privateZero: fc.boolean(),
    deliveryType: fc.constantFrom(...allowedValues('emails.search', 'deliveryType')),
    status: fc.option(fc.subarray([...allowedValues('emails.search', 'status')], { minLength: 1 }), { nil: undefined }),
    automatedResults: enumOrOmitted('emails.search', 'automatedResults'),
    start: fc.record({ pick: fc.nat(), shift: fc.constantFrom(...MOMENT_SHIFTS_S) }),
    days: fc.integer({ min: 1, max: 400 }),
    /** An emails/search with a dateSent window (from the data); without one, the default window. */
    windowed: fc.boolean(),
    form: fc.constantFrom<DatetimeForm>('service', 'iso-z', 'iso-offset', 'iso-no-zone'),
  });
export type RespelledDraw = typeof respelledDraw extends fc.Arbitrary<infer T> ? T : never;

export const respelledSearch = (draw: RespelledDraw): Step =>
    step(`respelled ${JSON.stringify(draw)}`, async (explorer) => {
      const { op } = draw;
      let params: Record<string, unknown>;
      let respelled: Record<string, unknown>;
      if (op === 'groups.search') {
        params = defined({ status: draw.groupStatus, type: draw.groupType, private: draw.privateZero ? 0 : undefined, rpp: maxRpp(op) });
        respelled = draw.respelling === 'method' ? params : enumsRespelled(op, params);
      } else {
        // A moment next to an email of the delivery type searched: a bound read off its documented meaning tells.
        const base = draw.windowed || draw.respelling === 'datetime-form' ? pickOf(explorer.learned.sendTimes(draw.deliveryType), draw.start.pick) ?? pickOf(explorer.learned.sendTimes(), draw.start.pick) : undefined;
        const start = base && new Date(base.getTime() + draw.start.shift * 1000);
        const end = start && new Date(start.getTime() + draw.days * 86_400_000);
        const window = start && end ? { dateSentStart: explorer.formatDatetime(start), dateSentEnd: explorer.formatDatetime(end) } : {};
        params = defined({ deliveryType: draw.deliveryType, status: draw.status, automatedResults: draw.automatedResults, ...window, rpp: maxRpp(op) });
        if (draw.respelling === 'datetime-form' && start && end) {
          // Another documented form than the one the first request used.
          const forms: DatetimeForm[] = ['service', 'iso-z', 'iso-offset', 'iso-no-zone'];
          const form = forms.find((candidate, i) => i >= forms.indexOf(draw.form) && writtenMoment(start, candidate) !== params.dateSentStart) ?? forms.find((candidate) => writtenMoment(start, candidate) !== params.dateSentStart)!;
          respelled = { ...params, dateSentStart: writtenMoment(start, form), dateSentEnd: writtenMoment(end, form) };
        } else respelled = draw.respelling === 'method' ? params : enumsRespelled(op, params);
      }
      // A key given twice and a padded number are written in a query only (a JSON body holds one key, and a number's type).
      const inQuery = draw.respelling === 'padded-integer' || (draw.respelling === 'repeated' && explorer.queryRepeatsKeys);
      if (inQuery) respelled = draw.respelling === 'repeated' ? givenTwice(op, params) : { ...params, rpp: `0${String(params.rpp)}` };
      const method = inQuery ? 'GET' : draw.method;
      const other = draw.respelling === 'method' ? (method === 'GET' ? 'POST' : 'GET') : method;
      await send(explorer, op, { method, params });
      await send(explorer, op, { method: other, params: respelled });
    });

export const respelledSearchStep = respelledDraw.map(respelledSearch);

// ------------------------------------------------------------------ writes

const importDraw = fc
  .record({
    token: tokenArb,
    fresh: fc.integer({ min: 0, max: 4 }),
    existing: fc.array(fc.nat(), { maxLength: 3 }),
    shape: fc.constantFrom<ContactShape>('email', 'email+customFields'),
    add: fc.array(fc.nat(), { maxLength: 2 }),
    remove: fc.array(fc.nat(), { maxLength: 2 }),
    updateExisting: fc.constantFrom<0 | 1 | undefined>(undefined, 0, 1),
    tag: fc.constantFrom('a', 'b'),
    /**
     * A contactID in every record (one record alone would break the first record's structure), in about one import of
     * four: a number no contact may have, or the contactID of another contact the run imported (contacts are matched on
     * email address, whatever else a record carries: the model holds the row's contactID to its own address's).
     */
    contactID: fc.oneof(
      { weight: 6, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.record({ any: fc.integer({ min: 1, max: 999_999 }) }) },
      { weight: 1, arbitrary: fc.record({ another: fc.nat() }) },
    ),
  });
export type ImportDraw = typeof importDraw extends fc.Arbitrary<infer T> ? T : never;

export const importContacts = (draw: ImportDraw): Step =>
    step(`contacts/import ${JSON.stringify(draw)}`, async (explorer) => {
      const known = [...new Set(draw.existing.map((pick) => pickOf(explorer.learned.contacts, pick)).filter((email): email is string => email !== undefined))];
      const fresh = Array.from({ length: draw.fresh }, () => explorer.book.fresh());
      const emails = [...fresh, ...known];
      if (emails.length === 0) emails.push(explorer.book.fresh());
      const statics = explorer.learned.staticGroups();
      const add = [...new Set(draw.add.map((pick) => pickOf(statics, pick)).filter((id): id is number => id !== undefined))];
      // A group may be in both lists (import.group-in-both-lists): what that does is not written, and a refusal is allowed.
      const remove = [...new Set(draw.remove.map((pick) => pickOf(statics, pick)).filter((id): id is number => id !== undefined))];
      const contactID = draw.contactID === undefined ? undefined : 'any' in draw.contactID ? draw.contactID.any : explorer.learned.contactIDOfAnother(draw.contactID.another, emails);
      const params = defined({
        contacts: emails.map((email) => ({ ...contactOfShape(draw.shape, email, draw.tag), ...(contactID === undefined ? {} : { contactID }) })),
        groupIDs: add.length > 0 ? add : undefined,
        removeGroupIDs: remove.length > 0 ? remove : undefined,
        updateExisting: draw.updateExisting,
      });
      // The groups it names, read just before and just after: both member counters after the write (the group history).
      const named = [...new Set([...add, ...remove])];
      const sight = () => (named.length > 0 ? send(explorer, 'groups.search', { method: 'GET', params: { groupIDs: named, status: 'All', rpp: maxRpp('groups.search') } }) : undefined);
      await sight();
      const response = await send(explorer, 'contacts.import', { method: 'POST', params, token: tokenOf(explorer, draw.token) });
      await sight();
      if (response.outcome === 'success') {
        for (const email of fresh) {
          explorer.created(email);
          explorer.learned.contacts.push(email);
        }
      }
    });

export const importStep = importDraw.map(importContacts);

export const exportStep = fc
  .record({ token: tokenArb, days: fc.integer({ min: 0, max: 30 }) })
  .map((draw) =>
    step(`exports/emails ${JSON.stringify(draw)}`, async (explorer) => {
      let range;
      try {
        range = explorer.exportRanges.fresh(draw.days);
      } catch {
        return; // the lane's ranges are used up for this run
      }
      await send(explorer, 'exports.emails', { method: 'GET', params: rangeParams(range), token: tokenOf(explorer, draw.token) });
    }),
  );

export const pollStep = fc.record({ pick: fc.nat(), token: tokenArb, method: getOrPost }).map((draw) =>
  step(`exports/jobStatus ${JSON.stringify(draw)}`, async (explorer) => {
    const job = pickOf(explorer.learned.jobs, draw.pick);
    if (job) await send(explorer, 'exports.jobStatus', { method: draw.method, unnamedMethod: true, params: { jobID: job.jobID }, token: tokenOf(explorer, draw.token) });
  }),
);

export const fileStep = fc.record({ pick: fc.nat(), token: tokenArb, method: getOrPost }).map((draw) =>
  step(`exports/getFile ${JSON.stringify(draw)}`, async (explorer) => {
    const job = pickOf(explorer.learned.jobs.filter((candidate) => candidate.fileKey), draw.pick);
    if (job?.fileKey) await send(explorer, 'exports.getFile', { method: draw.method, unnamedMethod: true, params: { fileKey: job.fileKey }, token: tokenOf(explorer, draw.token) });
  }),
);

/** The steps of a sequence: reads always, writes (imports, export requests) only where the run may write. */
export function stepArbitrary(writes: boolean): fc.Arbitrary<Step> {
  const reads = [
    { weight: 1, arbitrary: pingStep },
    { weight: 4, arbitrary: groupSearchStep },
    { weight: 5, arbitrary: emailSearchStep },
    { weight: 3, arbitrary: respelledSearchStep },
    { weight: 2, arbitrary: pollStep },
    { weight: 1, arbitrary: fileStep },
  ];
  const allWrites = [
    { weight: 3, arbitrary: importStep },
    { weight: 2, arbitrary: exportStep },
  ];
  return fc.oneof(...reads, ...(writes ? allWrites : []));
}

/** The documented parameters of each operation the steps send: checked against the spec when the module loads. */
for (const [op, names] of Object.entries({
  'groups.search': ['status', 'type', 'sortField', 'sortDirection', 'rpp', 'page', 'private', 'groupName', 'groupIDs', 'userID'],
  'emails.search': ['deliveryType', 'status', 'automatedResults', 'sortField', 'sortDirection', 'rpp', 'page', 'parentEmailID', 'emailIDs', 'campaignID', 'userID', 'title', 'subject', 'dateSentStart', 'dateSentEnd'],
  'contacts.import': ['contacts', 'groupIDs', 'removeGroupIDs', 'updateExisting'],
} as const)) {
  const known = operationParameters(op as 'groups.search');
  for (const name of names) if (!(name in known)) throw new Error(`drivers/stateful: ${op} has no documented parameter ${name}`);
}

