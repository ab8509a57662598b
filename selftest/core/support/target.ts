import { resolveTarget, type Target } from '../../../harness/core/config';

export const TOKENS = {
  EMS_TOKEN: 'F00DFACE-0000-4000-8000-000000000001',
  EMS_TOKEN_NO_GROUPS: 'F00DFACE-0000-4000-8000-000000000002',
  EMS_TOKEN_NO_IMPORT: 'F00DFACE-0000-4000-8000-000000000003',
  EMS_TOKEN_APP: 'F00DFACE-0000-4000-8000-000000000004',
};

/** A target at a fake host (intercepted with nock), all tokens set, no rate cap. */
export function testTarget(env: Record<string, string> = {}): Target {
  return resolveTarget({ EMS_BASE_URL: 'http://ems.test/v1', EMS_MAX_RPS: '100000', ...TOKENS, ...env });
}
