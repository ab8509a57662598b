import { resolve } from 'node:path';
import { loadProfile, loadRules, workPath } from '../contract';
import type { Capability, EmbeddedReplay, Profile, ProfileFixtures } from '../types';
import { oneLine } from './one-line';
import { TOKEN_NAMES, TOKEN_VARIABLES, type TokenName, type Tokens } from './tokens';

/** A configuration problem, told in one line that says what to fix. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Everything a run is configured with except where the target is (the embedded mock may not be started yet). */
export interface Settings {
  profile: Profile;
  /** EMS_ALLOW_WRITES=1 (the embedded mock always allows writes). */
  allowWritesRequested: boolean;
  /** EMS_MAX_RPS when given; otherwise the default depends on the target. */
  maxRpsRequested?: number;
  timeoutMs: number;
  budgetS: number;
  /** When the run started (ms since epoch); the time budget counts from here. */
  startedAt: number;
  seed: number;
  /** fast-check replay path (EMS_PATH). */
  path?: string;
  runs: number;
  exportBudgetS: number;
  /** The first wait between two polls of an export job (ms; EMS_EXPORT_POLL_MS, default 200); it grows by a quarter per poll. */
  exportPollMs: number;
  maxBodyBytes: number;
  /** Mock faults to switch on (embedded mock only). */
  faults: string[];
}

/** The resolved target of a run: where it is, how to reach it, what it allows. */
export interface Target extends Omit<Settings, 'allowWritesRequested' | 'maxRpsRequested'> {
  baseUrl: string;
  authUrl: string;
  tokens: Tokens;
  embeddedMock: boolean;
  allowWrites: boolean;
  /** Requests per second over the whole run; Infinity when unlimited. */
  maxRps: number;
  /** startedAt + budgetS. */
  deadline: number;
  capabilities: Set<Capability>;
  /** A traffic run (`--har`, the proxy): the file of recorded exchanges the checks judge (EMS_TRAFFIC_FILE); no request is sent. */
  trafficFile?: string;
  /** The embedded target's way back (EMS_EMBEDDED_REPLAY, set by the global setup). */
  replay?: EmbeddedReplay;
}

type Env = Record<string, string | undefined>;

const DEFAULT_MAX_RPS = 10;
const MIB = 1024 * 1024;

/** Reads and checks every setting that does not depend on where the target is. */
export function readSettings(env: Env): Settings {
  return {
    profile: profileFrom(env),
    allowWritesRequested: flag(env, 'EMS_ALLOW_WRITES'),
    maxRpsRequested: env.EMS_MAX_RPS === undefined || env.EMS_MAX_RPS === '' ? undefined : positiveNumber(env, 'EMS_MAX_RPS', DEFAULT_MAX_RPS),
    timeoutMs: positiveInteger(env, 'EMS_TIMEOUT_MS', 10_000),
    budgetS: positiveNumber(env, 'EMS_BUDGET_S', 600),
    startedAt: positiveInteger(env, 'EMS_RUN_STARTED_AT', Date.now()),
    seed: integer(env, 'EMS_SEED', Date.now() % 2 ** 31),
    path: replayPath(env),
    runs: positiveInteger(env, 'EMS_RUNS', 25),
    exportBudgetS: positiveNumber(env, 'EMS_EXPORT_BUDGET_S', 300),
    exportPollMs: positiveInteger(env, 'EMS_EXPORT_POLL_MS', 200),
    maxBodyBytes: positiveInteger(env, 'EMS_MAX_BODY_BYTES', 16 * MIB),
    faults: list(env.EMS_MOCK_FAULTS),
  };
}

/** Resolves the target from the environment; EMS_BASE_URL must be set (global setup sets it for the embedded mock). */
export function resolveTarget(env: Env): Target {
  const { allowWritesRequested, maxRpsRequested, ...settings } = readSettings(env);
  if (!env.EMS_BASE_URL) {
    throw new ConfigError('EMS_BASE_URL is not set: pass --base-url, or run through `npm run conformance` to use the embedded mock');
  }
  const embeddedMock = env.EMS_EMBEDDED_MOCK === '1';
  const baseUrl = httpUrl(env, 'EMS_BASE_URL');
  const authUrl = env.EMS_AUTH_URL ? httpUrl(env, 'EMS_AUTH_URL') : new URL(baseUrl).origin;
  const trafficFile = env.EMS_TRAFFIC_FILE || undefined;
  const tokens = tokensFrom(env, trafficFile === undefined);
  const profile = withFixtures(settings.profile, fixturesFrom(env));
  const allowWrites = embeddedMock || allowWritesRequested;
  if (!embeddedMock && settings.faults.length > 0) {
    throw new ConfigError('EMS_MOCK_FAULTS applies to the embedded mock only: unset it, or unset EMS_BASE_URL');
  }
  return {
    ...settings,
    profile,
    baseUrl,
    authUrl,
    tokens,
    embeddedMock,
    allowWrites,
    maxRps: maxRpsRequested ?? (embeddedMock ? Infinity : DEFAULT_MAX_RPS),
    deadline: settings.startedAt + settings.budgetS * 1000,
    // Recorded traffic is what it is: no rule is skipped for what the target would need to be sent requests.
    capabilities: trafficFile ? everyNeed() : capabilitiesOf(allowWrites, tokens, profile.fixtures ?? {}),
    ...(trafficFile ? { trafficFile } : {}),
    ...(embeddedMock && env.EMS_EMBEDDED_REPLAY ? { replay: embeddedReplayFrom(env.EMS_EMBEDDED_REPLAY) } : {}),
  };
}

function embeddedReplayFrom(text: string): EmbeddedReplay {
  try {
    const replay: unknown = JSON.parse(text);
    if (replay && typeof replay === 'object' && !Array.isArray(replay)) return replay as EmbeddedReplay;
  } catch {
    // refused below
  }
  throw new ConfigError('EMS_EMBEDDED_REPLAY must be a JSON object (it is set by the global setup)');
}

function capabilitiesOf(allowWrites: boolean, tokens: Tokens, fixtures: ProfileFixtures): Set<Capability> {
  const capabilities = new Set<Capability>();
  if (allowWrites) capabilities.add('writes');
  for (const name of TOKEN_NAMES) if (name !== 'full' && tokens[name]) capabilities.add(`token:${name}`);
  for (const [name, value] of Object.entries(fixtures)) if (isPresent(value)) capabilities.add(`fixture:${name}`);
  return capabilities;
}

function everyNeed(): Set<Capability> {
  return new Set(loadRules().rules.flatMap((rule) => rule.needs ?? []));
}

function isPresent(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function profileFrom(env: Env): Profile {
  const name = env.EMS_PROFILE || 'service';
  try {
    return loadProfile(name);
  } catch (error) {
    throw new ConfigError(`EMS_PROFILE=${name}: ${oneLine(error)}`);
  }
}

function fixturesFrom(env: Env): ProfileFixtures {
  if (!env.EMS_FIXTURES_JSON) return {};
  try {
    const fixtures: unknown = JSON.parse(env.EMS_FIXTURES_JSON);
    if (fixtures && typeof fixtures === 'object' && !Array.isArray(fixtures)) return fixtures as ProfileFixtures;
  } catch {
    // reported below
  }
  throw new ConfigError('EMS_FIXTURES_JSON must be a JSON object of fixtures (it is set by the global setup)');
}

function withFixtures(profile: Profile, fixtures: ProfileFixtures): Profile {
  return Object.keys(fixtures).length === 0 ? profile : { ...profile, fixtures: { ...profile.fixtures, ...fixtures } };
}

function tokensFrom(env: Env, required: boolean): Tokens {
  const tokens: Tokens = {};
  for (const name of TOKEN_NAMES) {
    const variable = TOKEN_VARIABLES[name];
    const value = env[variable];
    if (value === undefined || value === '') continue;
    if (/\s/.test(value)) throw new ConfigError(`${variable} contains whitespace: pass the token alone`);
    tokens[name as TokenName] = value;
  }
  if (!tokens.full && required) throw new ConfigError('EMS_TOKEN is not set: pass --token (a full-permission access token of the target)');
  return tokens;
}

function httpUrl(env: Env, variable: string): string {
  const text = env[variable] ?? '';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`${variable}=${text} is not a URL: give an http(s) URL such as https://host/v1`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${variable}=${text} is not an http(s) URL: give one such as https://host/v1`);
  }
  if (url.search || url.hash) throw new ConfigError(`${variable}=${text} must not carry a query or fragment`);
  return url.href.replace(/\/+$/, '');
}

function flag(env: Env, variable: string): boolean {
  const text = env[variable];
  if (text === undefined || text === '' || text === '0') return false;
  if (text === '1') return true;
  throw new ConfigError(`${variable}=${text} is not a flag: set it to 1 or leave it unset`);
}

function integer(env: Env, variable: string, fallback: number): number {
  const text = env[variable];
  if (text === undefined || text === '') return fallback;
  if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(Number(text))) {
    throw new ConfigError(`${variable}=${text} is not an integer`);
  }
  return Number(text);
}

function positiveInteger(env: Env, variable: string, fallback: number): number {
  const value = integer(env, variable, fallback);
  if (value <= 0) throw new ConfigError(`${variable}=${env[variable]} must be greater than 0`);
  return value;
}

function positiveNumber(env: Env, variable: string, fallback: number): number {
  const text = env[variable];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) {
    throw new ConfigError(`${variable}=${text} must be a number greater than 0`);
  }
  return value;
}

function replayPath(env: Env): string | undefined {
  const text = env.EMS_PATH;
  if (text === undefined || text === '') return undefined;
  if (!/^\d+(:\d+)*$/.test(text)) throw new ConfigError(`EMS_PATH=${text} is not a fast-check path such as 4:1:0 (copy it from a failure's replay line)`);
  return text;
}

function list(text: string | undefined): string[] {
  return (text ?? '').split(',').map((item) => item.trim()).filter(Boolean);
}

/** Where a run's report files go: EMS_REPORT_DIR, default reports/ at the repository root. */
export function reportDir(env: Env): string {
  return env.EMS_REPORT_DIR ? resolve(env.EMS_REPORT_DIR) : workPath('reports');
}
