import { defineCheck } from '../../harness/core';
import { judgeRefusals, readProbes, runProbes } from './probes';
import { judgeTokenPlacement } from '../shared/traffic';
import { tokenMatrix } from './token-matrix';

export default defineCheck({
  rule: 'auth.token.query-rejected',
  title: 'a valid token in the query string (accessToken), not in the header, is refused',
  async run({ api, judge, observe }) {
    const probes = readProbes().filter((probe) => probe.options.method !== 'POST');
    const results = await runProbes(api, probes, 'full', { tokenIn: 'query' });
    judgeRefusals(judge, results, 'whose valid token is in the query string (accessToken) only');
    // Every other token the target was given, on every operation a query string can carry it to.
    const others = (await observe(tokenMatrix)).filter((cell) => cell.placement === 'query' && cell.token !== 'full');
    for (const cell of others) judgeRefusals(judge, [cell], `whose valid ${cell.token} token is in the query string (accessToken) only`);
  },
  judge: (ctx) => judgeTokenPlacement(ctx, 'query', [{ op: 'helper.ping' }, { op: 'groups.search', method: 'GET' }, { op: 'emails.search', method: 'GET' }]),
});
