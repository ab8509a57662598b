import { formatServiceDatetime } from './datetime';
import type { MockState } from './state';
import { TOKEN_VALUES } from './tokens';

const PREFIX = '/__mock/';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export interface AdminAnswer {
  status: number;
  body: unknown;
}

export function isAdminPath(pathname: string): boolean {
  return pathname.startsWith(PREFIX);
}

/**
 * The mock's own controls (no token, loopback callers only), plain JSON with ordinary HTTP statuses:
 * GET|POST faults, POST reset, GET|POST clock, GET fixtures, GET tokens.
 */
export function handleAdmin(method: string, pathname: string, bodyText: string, state: MockState, remoteAddress: string | undefined): AdminAnswer {
  if (!LOOPBACK.has(remoteAddress ?? '')) return failure(403, 'the mock admin endpoints answer loopback callers only');
  let body: Record<string, unknown>;
  try {
    body = bodyText.trim() === '' ? {} : (JSON.parse(bodyText) as Record<string, unknown>);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return failure(400, 'the body must be a JSON object');
  } catch {
    return failure(400, 'the body is not valid JSON');
  }
  const action = `${method} ${pathname.slice(PREFIX.length).replace(/\/+$/, '')}`;
  try {
    switch (action) {
      case 'GET faults':
        return ok({ faults: state.faults.list() });
      case 'POST faults':
        if (!Array.isArray(body.faults) || body.faults.some((name) => typeof name !== 'string')) return failure(400, 'expected {"faults": ["name", ...]}');
        state.faults.set(body.faults as string[]);
        return ok({ faults: state.faults.list() });
      case 'POST reset':
        state.reset();
        return ok({ reset: true, now: formatServiceDatetime(state.clock.now()) });
      case 'POST clock':
        state.clock.set({
          start: typeof body.start === 'string' ? body.start : undefined,
          speed: body.speed === undefined ? undefined : Number(body.speed),
        });
        return ok(clockState(state));
      case 'GET clock':
        return ok(clockState(state));
      case 'GET fixtures':
        return ok(state.store.fixtures);
      case 'GET tokens':
        return ok(TOKEN_VALUES);
      default:
        return failure(404, `no admin action ${action}; see mock/README.md`);
    }
  } catch (error) {
    return failure(400, (error as Error).message);
  }
}

function clockState(state: MockState): { now: string; speed: number } {
  return { now: formatServiceDatetime(state.clock.now()), speed: state.clock.speed };
}

const ok = (body: unknown): AdminAnswer => ({ status: 200, body });
const failure = (status: number, error: string): AdminAnswer => ({ status, body: { error } });
