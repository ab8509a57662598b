/**
 * Fails when any access token appears in what a run wrote: `npm run scan:secrets [-- dir ...]`.
 * Tokens: EMS_TOKEN, EMS_TOKEN_NO_GROUPS, EMS_TOKEN_NO_IMPORT, EMS_TOKEN_APP from the environment,
 * and the embedded mock's own tokens. Default folders: reports/, test-results/, blob-report/.
 */
import { TOKEN_VARIABLES } from '../harness/core';
import { workPath } from '../harness/contract';
import { renderSecretHits, scanForSecrets, type Secret } from '../harness/report/secret-scan';
import { TOKEN_VALUES } from '../mock';

const dirs = process.argv.slice(2);
const folders = dirs.length > 0 ? dirs : ['reports', 'test-results', 'blob-report'].map((d) => workPath(d));

const secrets: Secret[] = [
  ...Object.values(TOKEN_VARIABLES).flatMap((variable) => {
    const value = process.env[variable];
    return value ? [{ name: variable, value }] : [];
  }),
  ...Object.entries(TOKEN_VALUES).map(([name, value]) => ({ name: `embedded mock token "${name}"`, value })),
];

const hits = scanForSecrets(folders, secrets);
if (hits.length > 0) {
  console.error(`scan:secrets: ${hits.length} token(s) found in run output:\n${renderSecretHits(hits)}`);
  process.exit(1);
}
console.log(`scan:secrets: no token in ${folders.length} folder(s) (${secrets.length} tokens checked)`);
