/** What a token may do (interface.md, Authentication 4); exports need admin on the real service. */
export type Permission = 'createGroups' | 'contactsImport' | 'admin';

export type TokenName = 'full' | 'noGroups' | 'noImport' | 'app';

export interface Token {
  name: TokenName;
  /** The GUID a client sends in the Authorization header. */
  value: string;
  /** user: tied to a system user; application: an Application-Only token from the retired endpoint. */
  kind: 'user' | 'application';
  issued: string;
  permissions: ReadonlySet<Permission>;
}

const ALL: Permission[] = ['createGroups', 'contactsImport', 'admin'];
const without = (missing: Permission): Set<Permission> => new Set(ALL.filter((permission) => permission !== missing));

/** The mock's fixed tokens: the same on every start, so scripts can hard-code them. */
export const TOKENS: readonly Token[] = [
  { name: 'full', value: 'A5E1C3D2-7B44-4F0E-9C61-1D2E3F405161', kind: 'user', issued: '2023-01-10', permissions: new Set(ALL) },
  { name: 'noGroups', value: 'B6F2D4E3-8C55-4A1F-8D72-2E3F40516272', kind: 'user', issued: '2023-01-10', permissions: without('createGroups') },
  { name: 'noImport', value: 'C7A3E5F4-9D66-4B20-9E83-3F4051627383', kind: 'user', issued: '2023-01-10', permissions: without('contactsImport') },
  { name: 'app', value: 'D8B4F6A5-AE77-4C31-AF94-405162738494', kind: 'application', issued: '2021-11-03', permissions: new Set(ALL) },
];

export const TOKEN_VALUES = Object.fromEntries(TOKENS.map((token) => [token.name, token.value])) as Record<TokenName, string>;

const BY_VALUE = new Map(TOKENS.map((token) => [token.value.toUpperCase(), token]));

/** The token with this value (GUIDs compare case-insensitively; exactly, case included, when exact: auth.token-case=exact), or undefined. */
export function findToken(value: string, exact = false): Token | undefined {
  const token = BY_VALUE.get(value.trim().toUpperCase());
  return exact && token?.value !== value.trim() ? undefined : token;
}

export const FULL_TOKEN = TOKENS[0] as Token;
