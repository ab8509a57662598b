import { defineCheck, type CheckContext } from '../../harness/core';
import { isSet } from '../../harness/oracles';
import { addresses } from '../shared/addresses';
import { importRows, logSavedContacts, readImport } from '../shared/import-answer';
import { tokenWorks } from './token-works';

/** Imports one contact with the token, logging what it saved. */
async function importOne({ api, target, createdContacts }: CheckContext, email: string, token: 'noImport' | 'full') {
  const response = await api.call('contacts.import', { token, params: { contacts: [{ email }] } });
  logSavedContacts(createdContacts, readImport(response, target));
  return response;
}

export default defineCheck({
  rule: 'auth.permission.contacts-import',
  title: 'contacts/import refuses a token without the Contacts (Import) permission, and writes nothing',
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
});
