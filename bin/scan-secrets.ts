/**
 * Fails when any access token appears in what a run wrote: `npm run scan:secrets [-- PATH ...]`, each
 * PATH a file or a folder (searched whole). Tokens: EMS_TOKEN, EMS_TOKEN_NO_GROUPS, EMS_TOKEN_NO_IMPORT,
 * EMS_TOKEN_APP from the environment, and the embedded mock's own tokens. Default folders: reports/,
 * test-results/, blob-report/. Exit 0 no token, 1 a token found, 2 a path given that does not exist.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, TOKEN_VARIABLES } from '../harness/core';
import { workPath } from '../harness/contract';
import { renderSecretHits, scanForSecrets, type Secret } from '../harness/report/secret-scan';
import { TOKEN_VALUES } from '../mock';
import { runMain } from './lib/cli';

const USAGE = `usage: ems-conformance scan-secrets [PATH ...]
  Looks for every access token (EMS_TOKEN, EMS_TOKEN_NO_GROUPS, EMS_TOKEN_NO_IMPORT, EMS_TOKEN_APP and the embedded
  mock's tokens) in each PATH, a file or a folder searched whole, zips and the HTML report's embedded data included.
  Without PATH: reports/, test-results/ and blob-report/. Exit: 0 no token, 1 a token found, 2 a PATH that does not exist.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  // A path the caller names must exist: "no token" about a file never read would be a lie.
  const missing = positionals.filter((path) => !existsSync(path));
  if (missing.length > 0) throw new ConfigError(`no such file or folder: ${missing.join(', ')}`);
  const paths = positionals.length > 0 ? positionals : ['reports', 'test-results', 'blob-report'].map((d) => workPath(d));

  const secrets: Secret[] = [
    ...Object.values(TOKEN_VARIABLES).flatMap((variable) => {
      const value = process.env[variable];
      return value ? [{ name: variable, value }] : [];
    }),
    ...Object.entries(TOKEN_VALUES).map(([name, value]) => ({ name: `embedded mock token "${name}"`, value })),
  ];

  const hits = scanForSecrets(paths, secrets);
  if (hits.length > 0) {
    console.error(`scan:secrets: ${hits.length} token(s) found in run output:\n${renderSecretHits(hits)}`);
    return 1;
  }
  console.log(`scan:secrets: no token in ${paths.length} file(s) or folder(s) (${secrets.length} tokens checked)`);
  return 0;
}

runMain('scan:secrets', main);
