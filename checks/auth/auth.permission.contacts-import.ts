import { defineCheck, NOT_OBSERVED, type CheckContext, type JudgeContext, type RecordedExchange } from '../../harness/core';
import { foldCase, isSet } from '../../harness/oracles';
import { addresses } from '../shared/addresses';
import { importRows, isObject, logSavedContacts, readImport } from '../shared/import-answer';
import { TrafficTally } from '../shared/traffic';
import { answeredWithHeaderToken, refusedByOperation } from './shown-tokens';
import { tokenWorks } from './token-works';

/** The addresses a contacts/import request sent, in row order. */
const sentEmails = (e: RecordedExchange): string[] => {
  const contacts = e.params.contacts;
  return Array.isArray(contacts) ? contacts.map((c) => (isObject(c) && typeof c.email === 'string' ? foldCase(c.email) : '')) : [];
};

/**
 * From traffic: a token the traffic shows lacking Contacts (Import) (valid elsewhere, refused by every
 * contacts/import it sent) wrote nothing: an address sent only in its refused import, imported later with
 * success by a valid token (no import served it before), is inserted, not updated. A target that serves
 * such a token leaves nothing that tells it from one holding the permission: that is inconclusive here
 * (live, `run` knows which token it sent).
 */
export function judgeImportPermission({ judge, traffic }: JudgeContext): void {
  const lacking = refusedByOperation(traffic, 'contacts.import', { alsoNeverServed: true });
  if (lacking.size === 0) return judge.inconclusive(`${NOT_OBSERVED}: no valid token was refused by every contacts/import it sent, so no token is shown to lack Contacts (Import)`);
  const imports = traffic.of('contacts.import').filter(answeredWithHeaderToken);
  const served = imports.filter((e) => e.outcome === 'success');
  const tally = new TrafficTally();
  for (const refused of imports.filter((e) => e.outcome === 'error' && lacking.has(e.token.id!))) {
    for (const email of sentEmails(refused).filter(Boolean)) {
      if (served.some((e) => e.index < refused.index && sentEmails(e).includes(email))) continue;
      const later = served.find((e) => e.index > refused.index && sentEmails(e).includes(email));
      const row = later && importRows(later)[sentEmails(later).indexOf(email)];
      if (!later || !row || !isSet(row.success)) {
        tally.skip(`${email}, sent in a refused import, was not imported with success later`);
        continue;
      }
      tally.expect(isSet(row.inserted) && !isSet(row.updated), {
        title: `${email}, sent before only in an import refused to a token lacking Contacts (Import), is inserted (not updated) by a later import`,
        expected: { inserted: 1, updated: 0 }, actual: { inserted: row.inserted, updated: row.updated }, response: later,
      });
    }
  }
  tally.record(judge, { none: 'no address of a refused import was imported with success later, so whether the refused import wrote nothing is unknown' });
}

/** Imports one contact with the token, logging what it saved. */
async function importOne({ api, target, createdContacts }: CheckContext, email: string, token: 'noImport' | 'full') {
  const response = await api.call('contacts.import', { token, params: { contacts: [{ email }] } });
  logSavedContacts(createdContacts, readImport(response, target));
  return response;
}

export default defineCheck({
  rule: 'auth.permission.contacts-import',
  title: 'contacts/import refuses a token without the Contacts (Import) permission, and writes nothing',
  // Live, `run` decides: it knows which token lacks the permission, which traffic shows only by a refusal.
  async run(ctx) {
    const { api, judge } = ctx;
    const valid = await tokenWorks(api, 'noImport');
    if (!valid.works) {
      judge.inconclusive('the token without Contacts (Import) (EMS_TOKEN_NO_IMPORT) is refused by emails/search and helper/ping too, so a refusal would not be about the permission');
      return;
    }
    const email = addresses.fresh();
    const refused = await importOne(ctx, email, 'noImport');
    judge.check(refused.outcome === 'error', {
      title: `contacts/import refuses a valid token that lacks Contacts (Import)`,
      expected: 'error',
      actual: { outcome: refused.outcome, code: refused.code ?? null, rows: importRows(refused) },
      response: refused,
    });

    // Nothing written: the same address imported with the full token is a new contact.
    const control = await importOne(ctx, email, 'full');
    const row = importRows(control)[0];
    if (control.outcome !== 'success' || !row || !isSet(row.success)) {
      judge.inconclusive(`whether the refused call wrote ${email} is unknown: importing it with the full token did not succeed (${control.errors[0] ?? 'no row result'})`);
      return;
    }
    judge.check(isSet(row.inserted) && !isSet(row.updated), {
      title: `${email}, sent only in the refused call before, is inserted (not updated) by an import with the full token`,
      expected: { inserted: 1, updated: 0 },
      actual: { inserted: row.inserted, updated: row.updated },
      response: control,
    });
  },
  judge: judgeImportPermission,
});
