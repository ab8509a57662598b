import { checks as auth } from '../../checks/auth';
import { checks as contactsImport } from '../../checks/contacts.import';
import { checks as emailsSearch } from '../../checks/emails.search';
import { checks as envelope } from '../../checks/envelope';
import { checks as exportsChecks } from '../../checks/exports';
import { checks as groupsSearch } from '../../checks/groups.search';
import { checks as helperPing } from '../../checks/helper.ping';

/** The rules whose check has a `traffic` judge. */
export const TRAFFIC_JUDGED: ReadonlySet<string> = new Set(
  [auth, contactsImport, emailsSearch, envelope, exportsChecks, groupsSearch, helperPing].flat().filter((check) => check.judge).map((check) => check.rule),
);
