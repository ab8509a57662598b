import { test, type ApiClient, type ApiResponse, type Judge, type TokenChoice } from '../harness/core';
import {
  addressBook,
  flag,
  importRows,
  jobProbes,
  probeJob,
  readProbes,
  runProbes,
  savedContacts,
  tokenValuesIn,
  unissuedToken,
  writeProbes,
  type Probe,
  type ProbeJob,
  type ProbeResult,
} from './support/auth';
import { LANES, RangeLane } from './support/exports';

/** Judges one refusal per probe; returns the labels of the probes judged. */
function judgeRefusals(judge: Judge, rule: string, results: ProbeResult[], what: string): string[] {
  for (const { probe, response } of results) {
    judge.check(rule, response.outcome === 'error', {
      title: `${probe.label} refuses a request ${what}`,
      expected: 'error',
      actual: { outcome: response.outcome, code: response.code ?? null, errors: response.errors },
      response,
    });
  }
  return results.map(({ probe }) => probe.label);
}

/** Whether the token is accepted by a call that needs no particular permission (emails/search, else helper/ping). */
async function tokenWorks(api: ApiClient, token: TokenChoice): Promise<{ works: boolean; responses: ApiResponse[] }> {
  const search = await api.call('emails.search', { token });
  if (search.outcome === 'success') return { works: true, responses: [search] };
  const ping = await api.call('helper.ping', { token });
  return { works: ping.outcome === 'success', responses: [search, ping] };
}

test.describe('auth', () => {
  test('every operation refuses a request without a token, and one with a token nobody issued', {
    tag: ['@rule:auth.token.missing', '@rule:auth.token.invalid'],
  }, async ({ api, judge, target, createdContacts }) => {
    const writes = target.capabilities.has('writes');
    const invalid: TokenChoice = { raw: unissuedToken() };
    const book = addressBook();
    const [noneWrites, invalidWrites] = writes
      ? [writeProbes(book, new RangeLane(LANES.authNoToken, target.seed)), writeProbes(book, new RangeLane(LANES.authInvalidToken, target.seed))]
      : [[], []];
    const probeBoth = (without: Probe[], withInvalid: Probe[]) => Promise.all([runProbes(api, without, 'none'), runProbes(api, withInvalid, invalid)]);
    // With writes, a real job gives a jobID and a fileKey to probe with; the other probes run meanwhile.
    const [job, [firstWithout, firstInvalid]] = await Promise.all([
      writes ? probeJob(api, target) : Promise.resolve<ProbeJob>({ missing: 'writes are not allowed (EMS_ALLOW_WRITES=1), so no export job was started' }),
      probeBoth([...readProbes(), ...noneWrites], [...readProbes(), ...invalidWrites]),
    ]);
    const [jobWithout, jobInvalid] = await probeBoth(jobProbes(job), jobProbes(job));
    const withoutToken = [...firstWithout, ...jobWithout];
    const withInvalid = [...firstInvalid, ...jobInvalid];
    for (const { response } of [...withoutToken, ...withInvalid]) if (response.op === 'contacts.import') createdContacts.record(...savedContacts(response));

    const notes: string[] = [];
    if (job.fileKey === undefined) notes.push(`exports/getFile not probed: ${job.missing ?? 'no fileKey'} (an unknown fileKey is refused whatever the token)`);
    if (job.jobID === undefined) notes.push('exports/jobStatus probed with jobID 1, which may not exist, so its refusal may be about the jobID');
    if (!writes) notes.push('contacts/import and exports/emails not probed: they write if the target is broken, and writes are not allowed (EMS_ALLOW_WRITES=1)');
    const note = (labels: string[]) => `probed: ${labels.join(', ')}${notes.length > 0 ? `; ${notes.join('; ')}` : ''}`;

    judge.pass('auth.token.missing', note(judgeRefusals(judge, 'auth.token.missing', withoutToken, 'that carries no token')));
    judge.pass('auth.token.invalid', note(judgeRefusals(judge, 'auth.token.invalid', withInvalid, 'whose token (a well-formed GUID) nobody issued')));
  });

  test('a valid token in the query string (accessToken), not in the header, is refused', {
    tag: ['@rule:auth.token.query-rejected'],
  }, async ({ api, judge }) => {
    const probes = readProbes().filter((probe) => probe.options.method !== 'POST');
    const results = await Promise.all(probes.map(async (probe) => ({ probe, response: await api.call(probe.op, { ...probe.options, tokenIn: 'query' }) })));
    judgeRefusals(judge, 'auth.token.query-rejected', results, 'whose valid token is in the query string (accessToken) only');
  });

  test('a valid token in the POST body, not in the header, is refused', {
    tag: ['@rule:auth.token.body-rejected'],
  }, async ({ api, judge }) => {
    const probes = readProbes().filter((probe) => probe.options.method === 'POST');
    const results = await Promise.all(probes.map(async (probe) => ({ probe, response: await api.call(probe.op, { ...probe.options, tokenIn: 'body' }) })));
    judgeRefusals(judge, 'auth.token.body-rejected', results, 'whose valid token is in the body (accessToken) only');
  });

  test('the retired applicationAccessToken endpoint issues no token', {
    tag: ['@rule:auth.app-endpoint.retired'],
  }, async ({ api, judge }) => {
    const rule = 'auth.app-endpoint.retired';
    const calls: { method: 'GET' | 'POST'; token: TokenChoice }[] = [
      { method: 'GET', token: 'none' },
      { method: 'POST', token: 'none' },
      { method: 'GET', token: 'full' },
      { method: 'POST', token: 'full' },
    ];
    for (const { method, token } of calls) {
      const response = await api.call('login.applicationAccessToken', { method, token, allowTransportFailure: true, ...(method === 'POST' ? { params: {} } : {}) });
      const found = tokenValuesIn(response.body);
      // An error (or no usable answer at all) issues nothing; a success must carry no token either.
      judge.check(rule, found.length === 0, {
        title: `${method} {auth_url}/login/oauth/applicationAccessToken ${token === 'none' ? 'without a token' : 'with a valid token'} issues no token`,
        expected: 'an error, or an answer carrying no access token',
        actual: { outcome: response.outcome, ...(response.transport ? { transport: response.transport.reason } : {}), tokens: found },
        response,
      });
    }
  });

  test('an Application-Only token issued before the cut-off still works', {
    tag: ['@rule:auth.app-token.still-works'],
  }, async ({ api, judge }) => {
    const rule = 'auth.app-token.still-works';
    if (!judge.needs(rule)) return;
    const response = await api.call('helper.ping', { token: 'app' });
    judge.check(rule, response.outcome === 'success', {
      title: 'helper/ping answers a success to the Application-Only token in the Authorization header',
      expected: 'success',
      actual: { outcome: response.outcome, code: response.code ?? null, errors: response.errors },
      response,
    });
  });

  test('groups/search refuses a token without the Create Groups permission', {
    tag: ['@rule:auth.permission.groups-search'],
  }, async ({ api, judge }) => {
    const rule = 'auth.permission.groups-search';
    if (!judge.needs(rule)) return;
    const valid = await tokenWorks(api, 'noGroups');
    if (!valid.works) {
      judge.inconclusive(rule, 'the token without Create Groups (EMS_TOKEN_NO_GROUPS) is refused by emails/search and helper/ping too, so a refusal would not be about the permission');
      return;
    }
    for (const method of ['GET', 'POST'] as const) {
      const response = await api.call('groups.search', { method, token: 'noGroups' });
      judge.check(rule, response.outcome === 'error', {
        title: `groups/search (${method}) refuses a valid token that lacks Create Groups`,
        expected: 'error',
        actual: { outcome: response.outcome, code: response.code ?? null, records: response.records?.length ?? null },
        response,
      });
    }
  });

  test('contacts/import refuses a token without the Contacts (Import) permission, and writes nothing', {
    tag: ['@rule:auth.permission.contacts-import'],
  }, async ({ api, judge, createdContacts }) => {
    const rule = 'auth.permission.contacts-import';
    if (!judge.needs(rule)) return;
    const valid = await tokenWorks(api, 'noImport');
    if (!valid.works) {
      judge.inconclusive(rule, 'the token without Contacts (Import) (EMS_TOKEN_NO_IMPORT) is refused by emails/search and helper/ping too, so a refusal would not be about the permission');
      return;
    }
    const email = addressBook().fresh();
    const refused = await api.call('contacts.import', { token: 'noImport', params: { contacts: [{ email }] } });
    createdContacts.record(...savedContacts(refused));
    judge.check(rule, refused.outcome === 'error', {
      title: `contacts/import refuses a valid token that lacks Contacts (Import)`,
      expected: 'error',
      actual: { outcome: refused.outcome, code: refused.code ?? null, rows: importRows(refused) },
      response: refused,
    });

    // Nothing written: the same address imported with the full token is a new contact.
    const control = await api.call('contacts.import', { token: 'full', params: { contacts: [{ email }] } });
    createdContacts.record(...savedContacts(control));
    const row = importRows(control)[0];
    if (control.outcome !== 'success' || !row || !flag(row.success)) {
      judge.inconclusive(rule, `whether the refused call wrote ${email} is unknown: importing it with the full token did not succeed (${control.errors[0] ?? 'no row result'})`);
      return;
    }
    judge.check(rule, flag(row.inserted) && !flag(row.updated), {
      title: `${email}, sent only in the refused call before, is inserted (not updated) by an import with the full token`,
      expected: { inserted: 1, updated: 0 },
      actual: { inserted: row.inserted, updated: row.updated },
      response: control,
    });
  });
});
