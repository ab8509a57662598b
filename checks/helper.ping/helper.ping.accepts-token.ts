import { defineCheck } from '../../harness/check';
import { drivePing } from './ping';
import { judgePingAcceptsToken } from '../shared/judges';

export default defineCheck({
  rule: 'helper.ping.accepts-token',
  title: 'answers a success to a valid token in the Authorization header',
  drive: (ctx) => drivePing(ctx),
  // Every ping to a token (in the header) that another operation accepted is a success.
  judge: (ctx) => judgePingAcceptsToken(ctx),
});
