import { TOKEN_NAMES, TOKEN_VARIABLES, type Tokens } from './tokens';

/** Replaces every token value by its variable name ($EMS_TOKEN, ...) in text and in JSON-like values. */
export interface Redactor {
  text(text: string): string;
  value<T>(value: T): T;
  /** The token values with their placeholders, longest first (the curl builder splices them as variables). */
  readonly secrets: ReadonlyArray<{ value: string; placeholder: string }>;
}

export function createRedactor(tokens: Tokens): Redactor {
  const secrets = TOKEN_NAMES.flatMap((name) => {
    const token = tokens[name];
    if (!token) return [];
    const placeholder = `$${TOKEN_VARIABLES[name]}`;
    const forms = new Set([token, encodeURIComponent(token)]);
    return [...forms].map((value) => ({ value, placeholder }));
  }).sort((a, b) => b.value.length - a.value.length);

  const text = (input: string): string =>
    secrets.reduce((out, { value, placeholder }) => out.split(value).join(placeholder), input);

  const value = <T>(input: T): T => redactValue(input, text) as T;
  return { text, value, secrets };
}

/** The redactor for the tokens found in an environment (defence in depth for anything written). */
export function redactorFromEnv(env: Record<string, string | undefined>): Redactor {
  const tokens: Tokens = {};
  for (const name of TOKEN_NAMES) tokens[name] = env[TOKEN_VARIABLES[name]] || undefined;
  return createRedactor(tokens);
}

function redactValue(input: unknown, text: (s: string) => string): unknown {
  if (typeof input === 'string') return text(input);
  if (Array.isArray(input)) return input.map((item) => redactValue(item, text));
  if (input && typeof input === 'object' && !Buffer.isBuffer(input)) {
    return Object.fromEntries(Object.entries(input).map(([key, item]) => [text(key), redactValue(item, text)]));
  }
  return input;
}
