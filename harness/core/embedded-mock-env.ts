import type { RunningMock } from '../../mock';

/**
 * The environment that makes a running reference mock the run's embedded target: its URLs, its four
 * tokens, its fixtures, and EMS_EMBEDDED_MOCK (writes allowed, no rate cap). `served` is what the
 * harness talks to when something stands in front of the mock (the REST adapter).
 */
export function embeddedMockEnv(mock: RunningMock, served: { baseUrl: string; authUrl: string } = mock): Record<string, string> {
  return {
    EMS_BASE_URL: served.baseUrl,
    EMS_AUTH_URL: served.authUrl,
    EMS_TOKEN: mock.tokens.full,
    EMS_TOKEN_NO_GROUPS: mock.tokens.noGroups,
    EMS_TOKEN_NO_IMPORT: mock.tokens.noImport,
    EMS_TOKEN_APP: mock.tokens.app,
    EMS_EMBEDDED_MOCK: '1',
    EMS_FIXTURES_JSON: JSON.stringify(mock.fixtures),
  };
}
