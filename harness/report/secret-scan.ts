import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { unzipSync } from 'fflate';

/** Where a secret was found: a file, and inside it the archive entries leading to the hit. */
export interface SecretHit {
  file: string;
  /** Archive entries (zip inside a file, zip inside a data URL...) down to the text holding the secret. */
  within: string[];
  /** Name of the secret (e.g. EMS_TOKEN), never its value. */
  secret: string;
}

export interface Secret {
  name: string;
  value: string;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const ZIP_DATA_URL = /data:application\/zip;base64,([A-Za-z0-9+/=]+)/g;
const MAX_DEPTH = 4;

const isZip = (bytes: Uint8Array): boolean => ZIP_MAGIC.every((b, i) => bytes[i] === b);

/**
 * Looks for every secret in a buffer, case-insensitively (GUID tokens are matched so by targets), and
 * inside the archives it holds: Playwright's HTML report keeps its data as a base64 zip in index.html
 * and blob reports are zips, so a plain grep would miss a token inside them.
 */
function scanBytes(bytes: Uint8Array, secrets: Secret[], within: string[], depth: number): Omit<SecretHit, 'file'>[] {
  if (depth > MAX_DEPTH) return [];
  if (isZip(bytes)) {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(bytes);
    } catch {
      return [];
    }
    return Object.entries(entries).flatMap(([name, entry]) => scanBytes(entry, secrets, [...within, name], depth + 1));
  }
  const text = Buffer.from(bytes).toString('utf8');
  const lower = text.toLowerCase();
  const hits = secrets.filter((s) => lower.includes(s.value.toLowerCase())).map((s) => ({ within, secret: s.name }));
  for (const match of text.matchAll(ZIP_DATA_URL)) {
    hits.push(...scanBytes(Buffer.from(match[1]!, 'base64'), secrets, [...within, 'data:application/zip'], depth + 1));
  }
  return hits;
}

/** The files a path names: the file itself, or every file under a folder (a missing path names none). */
function filesAt(path: string): string[] {
  try {
    if (statSync(path).isFile()) return [path];
    return readdirSync(path, { recursive: true, encoding: 'utf8' })
      .map((name) => join(path, name))
      .filter((file) => statSync(file).isFile());
  } catch {
    return [];
  }
}

/** Scans every file given and every file under the folders given (missing paths are skipped). */
export function scanForSecrets(paths: string[], secrets: Secret[], root = process.cwd()): SecretHit[] {
  const usable = secrets.filter((s) => s.value.length >= 8);
  return paths.flatMap((path) =>
    filesAt(path).flatMap((file) =>
      scanBytes(readFileSync(file), usable, [], 0).map((hit) => ({ file: relative(root, file), ...hit })),
    ),
  );
}

export function renderSecretHits(hits: SecretHit[]): string {
  return hits.map((h) => `${h.file}${h.within.length ? ` > ${h.within.join(' > ')}` : ''}: ${h.secret}`).join('\n');
}
