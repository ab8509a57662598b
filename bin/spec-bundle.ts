/**
 * `npm run spec:bundle [-- --check]`
 *
 * Writes the contract for other tools: spec/openapi.yaml as one self-contained document in the form generic
 * OpenAPI tools read (dist/openapi.json, OpenAPI 3.1; dist/openapi-3.0.json for tools that read 3.0 only).
 * The bundle is generated, never edited: `--check` exits 1 when a file differs from what the spec generates.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { repoPath } from '../harness/contract';
import { bundleFiles } from './lib/bundle';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });

const stale: string[] = [];
for (const [path, text] of Object.entries(bundleFiles())) {
  const file = repoPath(path);
  const current = (() => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  })();
  if (current === text) continue;
  if (values.check) {
    stale.push(path);
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`wrote ${path}`);
  }
}
if (stale.length > 0) {
  console.error(`stale: ${stale.join(', ')} (run npm run spec:bundle)`);
  process.exit(1);
}
