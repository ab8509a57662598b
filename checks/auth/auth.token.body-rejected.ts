import { defineCheck } from '../../harness/core';
import { judgeRefusals, readProbes, runProbes } from './probes';
import { judgeTokenPlacement } from '../shared/traffic';
import { tokenMatrix } from './token-matrix';

export default defineCheck({
  rule: 'auth.token.body-rejected',
  title: 'a valid token in the POST body, not in the header, is refused',
  async run({ api, judge, observe }) {
    const probes = readProbes().filter((probe) => probe.options.method === 'POST');
    const results = await runProbes(api, probes, 'full', { tokenIn: 'body' });
    judgeRefusals(judge, results, 'whose valid token is in the body (accessToken) only');
    // Every other token the target was given, on every operation a body can carry it to.
    const others = (await observe(tokenMatrix)).filter((cell) => cell.placement === 'body' && cell.token !== 'full');
    for (const cell of others) judgeRefusals(judge, [cell], `whose valid ${cell.token} token is in the body (accessToken) only`);
  },
  judge: (ctx) => judgeTokenPlacement(ctx, 'body', [{ op: 'groups.search', method: 'POST' }, { op: 'emails.search', method: 'POST' }]),
});
