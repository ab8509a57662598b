/**
 * Every token the target was given against every read operation, in every placement: the header, and
 * the retired query-string (GET) and body (POST) placements. A shared observation (once per worker); the
 * checks of the placement rules and of the Application-Only token judge its answers. Writes
 * (contacts/import, exports/emails) are probed by tokenProbes and the permission checks, not here.
 */
import { observation, TOKEN_NAMES, type TokenName, type TokenPlacement } from '../../harness/core';
import { readProbes, runProbes, type ProbeResult } from './probes';

export interface MatrixCell extends ProbeResult {
  token: TokenName;
  placement: TokenPlacement;
}

/** The token names the target has: full always, the others when given (token:<name> capabilities). */
const tokensOf = (capabilities: ReadonlySet<string>): TokenName[] => TOKEN_NAMES.filter((name) => name === 'full' || capabilities.has(`token:${name}`));

/** Where a probe can carry the token: the header, and the query string for GET or the body for POST. */
const placementsOf = (method: string | undefined): TokenPlacement[] => ['header', method === 'POST' ? 'body' : 'query'];

export const tokenMatrix = observation('every token against every read operation, in every placement', async ({ api, target }): Promise<MatrixCell[]> => {
  const cells: MatrixCell[] = [];
  for (const token of tokensOf(target.capabilities)) {
    for (const placement of ['header', 'query', 'body'] as const) {
      const probes = readProbes().filter((probe) => placementsOf(probe.options.method).includes(placement));
      for (const result of await runProbes(api, probes, token, { tokenIn: placement })) cells.push({ ...result, token, placement });
    }
  }
  return cells;
});
