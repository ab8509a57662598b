import { defineCheck, NOT_OBSERVED, type CheckContext, type JudgeContext, type RecordedExchange, type Judgement, inconclusive } from '../../harness/check';
import { foldCase, isSet } from '../../harness/oracles';
import { addresses } from '../shared/addresses';
import { logSavedContacts } from '../shared/saved-contacts';
import { VerdictTally } from '../shared/judges';
import { tokenWorks } from './token-works';
import { answeredWithHeaderToken, importRows, isObject, lackingPermission, readImport } from '../../harness/model';

/** The addresses a contacts/import request sent, in row order. */
const sentEmails = (e: RecordedExchange): string[] => {
  const contacts = e.params.contacts;
  return Array.isArray(contacts) ? contacts.map((c) => (isObject(c) && typeof c.email === 'string' ? foldCase(c.email) : '')) : [];
};

/**
 * A token lacking Contacts (Import) (the one configured so, when the recorder names it; or one the traffic
 * shows so: valid elsewhere, refused by every contacts/import it sent) is refused, and wrote nothing: an
 * address sent only in its refused import, imported later with success by a valid token (no import served
 * it before), is inserted, not updated. Without such a token, inconclusive.
 */
export function judgeImportPermission({ traffic }: JudgeContext): Judgement {
  const { lacking, unproven } = lackingPermission(traffic, 'contacts.import', 'noImport', { alsoNeverServed: true });
  if (lacking.size === 0) {
    return [inconclusive(unproven.length > 0
      ? 'the token without Contacts (Import) (EMS_TOKEN_NO_IMPORT) was served by no other operation, so a refusal would not be about the permission'
      : `${NOT_OBSERVED}: no token is known or shown to lack Contacts (Import)`)];
  }
  const imports = traffic.of('contacts.import').filter(answeredWithHeaderToken);
  const served = imports.filter((e) => e.outcome === 'success');
  const tally = new VerdictTally();
  let writesTold = false;
  for (const sent of imports.filter((e) => lacking.has(e.token.id!))) {
    const refused = tally.expect(sent.outcome === 'error', {
      title: 'contacts/import refuses a valid token that lacks Contacts (Import)',
      expected: 'error', actual: { outcome: sent.outcome, code: sent.code ?? null, rows: importRows(sent) }, response: sent,
    });
    if (!refused) continue;
    for (const email of sentEmails(sent).filter(Boolean)) {
      if (served.some((e) => e.index < sent.index && sentEmails(e).includes(email))) continue;
      const later = served.find((e) => e.index > sent.index && sentEmails(e).includes(email));
      const row = later && importRows(later)[sentEmails(later).indexOf(email)];
      if (!later || !row || !isSet(row.success)) {
        tally.skip(`${email}, sent in a refused import, was not imported with success later`);
        continue;
      }
      writesTold = true;
      tally.expect(isSet(row.inserted) && !isSet(row.updated), {
        title: `${email}, sent before only in an import refused to a token lacking Contacts (Import), is inserted (not updated) by a later import`,
        expected: { inserted: 1, updated: 0 }, actual: { inserted: row.inserted, updated: row.updated }, response: later,
      });
    }
  }
  return tally.verdicts({
    none: 'no contacts/import with a token lacking Contacts (Import)',
    missing: writesTold ? [] : ['no address of a refused import was imported with success later, so whether the refused import wrote nothing is unknown'],
  });
}

/** Imports one contact with the token, logging what it saved. */
async function importOne({ api, target, createdContacts }: CheckContext, email: string, token: 'noImport' | 'full') {
  const response = await api.call('contacts.import', { token, params: { contacts: [{ email }] } });
  logSavedContacts(target, createdContacts, readImport(response, target));
  return response;
}

export default defineCheck({
  rule: 'auth.permission.contacts-import',
  title: 'contacts/import refuses a token without the Contacts (Import) permission, and writes nothing',
  // The token without Contacts (Import) on an operation that needs no permission, then one fresh address
  // imported with it, then the same address with the full token (inserted if the refused call wrote nothing).
  async drive(ctx) {
    await tokenWorks(ctx.api, 'noImport');
    const email = addresses.fresh();
    await importOne(ctx, email, 'noImport');
    await importOne(ctx, email, 'full');
  },
  judge: judgeImportPermission,
});
