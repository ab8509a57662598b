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

/** The tokens an environment holds (EMS_TOKEN, ...), as given: an empty variable is no token. */
export const tokensOfEnv = (env: Record<string, string | undefined>): Tokens =>
  Object.fromEntries(TOKEN_NAMES.map((name) => [name, env[TOKEN_VARIABLES[name]] || undefined]));
