import { defineCheck, type JudgeContext, type RecordedExchange, type Judgement, inconclusive } from '../../harness/check';
import { VerdictTally } from '../shared/judges';
import { RETIRED_ENDPOINT } from '../../harness/model';
import { tokenValuesIn } from './issued-tokens';

/**
 * Transport failures at the retired endpoint that still tell "no token was issued": no answer at all
 * (connection refused, reset, no answer in time), an HTTP status the profile does not know (404, 410),
 * a 5xx (503 Service Unavailable, in the target's envelope or a gateway's page) or a body that is not JSON (an HTML
 * "not found" page). A body too
 * large to read might hold a token: it decides nothing.
 */
const SAYS_NO_TOKEN = new Set(['unreachable', 'reset', 'timeout', 'unexpected-status', 'server-error', 'gateway', 'not-json']);

const tokenText = (exchange: RecordedExchange) => (exchange.token.id === undefined ? 'without a token' : 'with a token');

/**
 * Every request to the retired endpoint issues no token: an error, no usable answer (taken as the endpoint
 * unavailable only while some API operation answers, else the target answers nothing at all), or an answer
 * that carries no access token. Decided once both methods were seen.
 */
export function judgeRetiredEndpoint({ traffic }: JudgeContext): Judgement {
  const tally = new VerdictTally();
  const answering = traffic.exchanges.some((e) => e.op !== RETIRED_ENDPOINT && e.outcome !== 'transport');
  // A target that answers nothing issues no token anywhere: the endpoint is judged only against one that answers its operations.
  const unanswered = traffic.exchanges.find((e) => e.op === 'helper.ping' && e.transport) ?? traffic.exchanges.find((e) => e.op !== RETIRED_ENDPOINT && e.transport);
  if (!answering && unanswered && traffic.of(RETIRED_ENDPOINT).length > 0) {
    const { reason, detail } = unanswered.transport!;
    return [inconclusive(`transport: ${reason} ${detail} on ${unanswered.op === 'helper.ping' ? 'helper/ping' : unanswered.op}: a target that answers nothing cannot show that the retired endpoint alone is unavailable`)];
  }
  const judged = new Set<string>();
  for (const exchange of traffic.of(RETIRED_ENDPOINT)) {
    const reason = exchange.transport?.reason;
    if (reason !== undefined && !SAYS_NO_TOKEN.has(reason)) {
      tally.skip(`${exchange.method} ${tokenText(exchange)}: ${reason}, which cannot tell`);
      continue;
    }
    if (reason !== undefined && !answering) {
      tally.skip(`${exchange.method} ${tokenText(exchange)}: ${reason}, and no API operation answered either`);
      continue;
    }
    const found = tokenValuesIn(exchange.body);
    if (tally.expect(found.length === 0, {
      title: `${exchange.method} {auth_url}/login/oauth/applicationAccessToken ${tokenText(exchange)} issues no token`,
      expected: 'an error, no answer (the endpoint unavailable while the API answers), or an answer carrying no access token',
      actual: { outcome: exchange.outcome, ...(reason ? { transport: reason } : {}), tokens: found },
      response: exchange,
    })) judged.add(exchange.method);
    if (reason !== undefined) tally.note(`${exchange.method} ${tokenText(exchange)} got no usable answer (${reason}) while the API answers: taken as unavailable`);
  }
  return tally.verdicts({
    none: 'no request to {auth_url}/login/oauth/applicationAccessToken',
    missing: ['GET', 'POST'].filter((method) => !judged.has(method)).map((method) => `no ${method} to the retired endpoint`),
  });
}

export default defineCheck({
  rule: 'auth.app-endpoint.retired',
  title: 'the retired applicationAccessToken endpoint issues no token',
  async drive({ api, target }) {
    // An API operation's answer, so that no answer from the retired endpoint alone can read as it being unavailable.
    await api.call('helper.ping', { allowTransportFailure: true });
    // Both methods, without a token and (when the target has one) as a client still holding an Application-Only token.
    const tokens = target.capabilities.has('token:app') ? (['none', 'app'] as const) : (['none'] as const);
    for (const token of tokens) {
      for (const method of ['GET', 'POST'] as const) {
        await api.call(RETIRED_ENDPOINT, { method, token, allowTransportFailure: true, ...(method === 'POST' ? { params: {} } : {}) });
      }
    }
  },
  judge: judgeRetiredEndpoint,
});
