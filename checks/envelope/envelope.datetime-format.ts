import { defineCheck } from '../../harness/core';
import { successProbes } from './probes';
import { A_RECORD, judgeAnswerRule } from '../shared/traffic';

export default defineCheck({
  rule: 'envelope.datetime-format',
  title: 'datetimes in successes are in the profile format',
  async run({ judge, observe }) {
    // The client recorded the verdicts of each answer; a refusal here leaves the success side unjudged.
    const successes = (await observe(successProbes)).map(({ response }) => response).filter((response) => response.outcome === 'success');
    if (successes.length === 0) judge.inconclusive('no request was answered with a success');
    else if (!successes.some((response) => (response.records ?? []).length > 0)) judge.inconclusive('no search returned a record, so no datetime was seen');
  },
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_RECORD] }),
});
