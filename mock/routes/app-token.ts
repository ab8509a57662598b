import { ApiError, ErrorCode } from '../errors';
import type { FaultSwitch } from '../faults';
import { TOKEN_VALUES } from '../tokens';

/** The path, below the auth URL, of the endpoint that issued Application-Only tokens until 2022-07-10. */
export const APP_TOKEN_PATH = '/login/oauth/applicationAccessToken';

/** The retired endpoint answers (to any method) that it is unavailable, and issues no token. */
export function applicationAccessToken(faults: FaultSwitch): unknown {
  if (faults.has('auth-app-endpoint-issues-token')) return { accessToken: TOKEN_VALUES.app, tokenType: 'Application' };
  throw new ApiError(
    ErrorCode.endpointRetired,
    'The Application-Only token endpoint is unavailable since 2022-07-10; tokens already issued keep working in the Authorization header',
  );
}
