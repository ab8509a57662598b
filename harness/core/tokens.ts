/** The access tokens a target can be given, by role. */
export type TokenName = 'full' | 'noGroups' | 'noImport' | 'app';

export const TOKEN_NAMES: readonly TokenName[] = ['full', 'noGroups', 'noImport', 'app'];

/** The environment variable holding each token; also the placeholder that replaces it in everything written. */
export const TOKEN_VARIABLES: Record<TokenName, string> = {
  full: 'EMS_TOKEN',
  noGroups: 'EMS_TOKEN_NO_GROUPS',
  noImport: 'EMS_TOKEN_NO_IMPORT',
  app: 'EMS_TOKEN_APP',
};

export type Tokens = Partial<Record<TokenName, string>>;
