import type { ProfileFixtures } from '../harness/types';
import type { ClockSettings } from './clock';
import type { TokenName } from './tokens';
import { Choices, type ChoiceMap } from './choices/choices';
import type { Variant } from './variant';

export interface MockOptions {
  /** 0 (default): a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Fault names (mock/faults.ts) switched on at start. */
  faults?: string[];
  /** 1 = the default data set; N seeds N times as much. */
  scale?: number;
  /** Data seed; the same seed gives the same data. Default 1. */
  seed?: number;
  /** Default: real time, speed 1. */
  clock?: ClockSettings;
  /** How long export jobs stay Pending, on the mock clock: [min, max] ms. Default [1000, 2000]. */
  exportDelayMs?: [number, number];
  /**
   * At most this many jobStatus answers say a job is Pending: at the next one the mock moves the job's
   * clock on to its end (it completes, or fails, at that moment of the mock clock) instead of making the
   * client wait out the rest of its delay. A job is still Pending when first asked about, and stays so
   * for an identical request in between. Default: no limit (only the delay decides).
   */
  exportPendingPolls?: number;
  /**
   * How long an export file can be fetched after its job completed, on the mock clock (jobStatus answers
   * fileExpiration = completion + this; getFile refuses the file after it). Default: 24 h (exports.file-lifetime=short: 30 min).
   */
  exportFileLifetimeMs?: number;
  /** Emit the real service's quirks: "" for absent values, private as 0/1. Default false. */
  quirks?: boolean;
  /** Largest request body accepted. Default 5 MB. */
  bodyLimitBytes?: number;
  /**
   * The named set of readings the mock starts from: 'default', or 'alt', the other reasonable reading at every
   * silent point (mock/README.md, "Silent points"). Default 'default'.
   */
  variant?: Variant;
  /** A reading per silent point over the variant's (point ID -> reading ID; mock/choices/points.ts). */
  choices?: ChoiceMap;
  /**
   * Refuse a method interface.md does not name for the operation (POST on helper/ping and the exports, code 505):
   * the choice methods.post-on-get-operations=refused (a `choices` entry for that point wins). Default: the
   * variant's reading (default: every operation takes POST with a JSON body as well, as the service does).
   */
  strictMethods?: boolean;
  /** Answer CORS preflights and send Access-Control-* headers on every answer. Default true. */
  cors?: boolean;
  /**
   * At most this many operation requests a second (a token bucket holding as many); beyond it an HTTP 429 with
   * Retry-After (seconds). 0 refuses every request. Default: no limit.
   */
  rateLimitPerSecond?: number;
}

export interface RunningMock {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** origin + '/v1' */
  baseUrl: string;
  /** origin; the retired endpoint is authUrl + '/login/oauth/applicationAccessToken'. */
  authUrl: string;
  tokens: Record<TokenName, string>;
  fixtures: ProfileFixtures;
  /** The mock clock's now minus the host's (ms): 0 on real time, else where its clock was started. */
  clockAheadMs(): number;
  setFaults(names: string[]): void;
  close(): Promise<void>;
}

/**
 * Options with their defaults; exportFileLifetimeMs stays undefined when not given (its default depends on a
 * reading); the variant, the choices and strictMethods resolved into the reading of every point.
 */
export type ResolvedOptions = Required<Omit<MockOptions, 'clock' | 'exportFileLifetimeMs' | 'choices' | 'strictMethods'>> & {
  clock: ClockSettings;
  exportFileLifetimeMs?: number;
  choices: Choices;
};

export function resolveOptions(options: MockOptions): ResolvedOptions {
  const resolved: ResolvedOptions = {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    faults: options.faults ?? [],
    scale: options.scale ?? 1,
    seed: options.seed ?? 1,
    clock: options.clock ?? {},
    exportDelayMs: options.exportDelayMs ?? [1000, 2000],
    exportPendingPolls: options.exportPendingPolls ?? Infinity,
    quirks: options.quirks ?? false,
    bodyLimitBytes: options.bodyLimitBytes ?? 5 * 1024 * 1024,
    variant: options.variant ?? 'default',
    choices: resolveChoices(options),
    cors: options.cors ?? true,
    rateLimitPerSecond: options.rateLimitPerSecond ?? Infinity,
    ...(options.exportFileLifetimeMs === undefined ? {} : { exportFileLifetimeMs: options.exportFileLifetimeMs }),
  };
  if (!Number.isInteger(resolved.scale) || resolved.scale < 1) throw new RangeError(`scale must be an integer >= 1, got ${resolved.scale}`);
  if (!Number.isInteger(resolved.seed)) throw new RangeError(`seed must be an integer, got ${resolved.seed}`);
  const [min, max] = resolved.exportDelayMs;
  if (!(min >= 0 && max >= min)) throw new RangeError(`exportDelayMs must be [min, max] with 0 <= min <= max, got [${min}, ${max}]`);
  const polls = resolved.exportPendingPolls;
  if (!(polls === Infinity || (Number.isInteger(polls) && polls >= 0))) throw new RangeError(`exportPendingPolls must be an integer >= 0, got ${polls}`);
  const lifetime = resolved.exportFileLifetimeMs;
  if (lifetime !== undefined && !(Number.isInteger(lifetime) && lifetime > 0)) throw new RangeError(`exportFileLifetimeMs must be an integer > 0, got ${lifetime}`);
  const rate = resolved.rateLimitPerSecond;
  if (!(rate === Infinity || (Number.isFinite(rate) && rate >= 0))) throw new RangeError(`rateLimitPerSecond must be a number >= 0, got ${rate}`);
  return resolved;
}

/** The readings of the options: the variant's, strictMethods over them, the choices over both. */
function resolveChoices(options: MockOptions): Choices {
  const variant = options.variant ?? 'default';
  if (variant !== 'default' && variant !== 'alt') throw new RangeError(`variant must be default or alt, got ${String(variant)}`);
  const strict: Record<string, string> = options.strictMethods === undefined ? {} : { 'methods.post-on-get-operations': options.strictMethods ? 'refused' : 'accepted' };
  return Choices.resolve(variant, { ...strict, ...options.choices });
}
