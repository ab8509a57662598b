import { startMock, type MockOptions, type RunningMock } from '../../mock';

/** What a test sees of one answer: HTTP status, parsed JSON body (undefined for files), raw bytes, headers. */
export interface Answer {
  status: number;
  body: any;
  bytes: Uint8Array;
  headers: Headers;
}

/** Query parameters; lists become repeated keys, undefined values are left out. */
export type QueryValues = Record<string, string | number | boolean | (string | number)[] | undefined>;

export interface CallOptions {
  method?: string;
  query?: QueryValues;
  /** JSON body (POST). */
  body?: unknown;
  /** Raw body text, sent as is. */
  rawBody?: string;
  contentType?: string;
  /** Token name of the mock, a literal token, or null for no Authorization header. */
  token?: keyof RunningMock['tokens'] | string | null;
  /** Authorization header value as is (overrides token). */
  authorization?: string;
}

/** A small client of a running mock for the self-tests. */
export class MockClient {
  constructor(readonly mock: RunningMock) {}

  static async start(options: MockOptions = {}): Promise<MockClient> {
    return new MockClient(await startMock({ exportDelayMs: [1000, 2000], ...options }));
  }

  close(): Promise<void> {
    return this.mock.close();
  }

  async call(path: string, options: CallOptions = {}): Promise<Answer> {
    const url = new URL(path.startsWith('http') ? path : this.mock.baseUrl + path);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
    }
    const headers: Record<string, string> = {};
    const token = options.token === undefined ? 'full' : options.token;
    if (options.authorization !== undefined) headers.Authorization = options.authorization;
    else if (token !== null) headers.Authorization = `Bearer ${(this.mock.tokens as Record<string, string>)[token] ?? token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
    const method = options.method ?? (body === undefined ? 'GET' : 'POST');
    const response = await fetch(url, { method, headers, body });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    return { status: response.status, body: isJson ? JSON.parse(Buffer.from(bytes).toString('utf8')) : undefined, bytes, headers: response.headers };
  }

  get(path: string, query: QueryValues = {}, token: CallOptions['token'] = 'full'): Promise<Answer> {
    return this.call(path, { query, token });
  }

  post(path: string, body: unknown, token: CallOptions['token'] = 'full'): Promise<Answer> {
    return this.call(path, { method: 'POST', body, token });
  }

  /** The data of a successful call; fails the test otherwise. */
  async data(path: string, query: QueryValues = {}): Promise<any> {
    const answer = await this.get(path, query);
    if (answer.body?.success !== 1) throw new Error(`${path} ${JSON.stringify(query)} failed: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  }

  /** Every record of a search, following next links. */
  async all(path: string, query: QueryValues = {}): Promise<any[]> {
    const records: any[] = [];
    let answer = await this.get(path, { rpp: 250, ...query });
    for (;;) {
      if (answer.body.success !== 1) throw new Error(JSON.stringify(answer.body));
      records.push(...answer.body.data.records);
      if (!answer.body.data.paging.next) return records;
      answer = await this.call(answer.body.data.paging.next);
    }
  }

  importContacts(body: Record<string, unknown>, token: CallOptions['token'] = 'full'): Promise<Answer> {
    return this.post('/contacts/import', body, token);
  }

  async group(groupID: number): Promise<any> {
    const [group] = await this.all('/groups/search', { groupIDs: groupID, status: 'All' });
    return group;
  }

  async admin(method: string, path: string, body?: unknown): Promise<any> {
    const response = await fetch(`${this.mock.origin}/__mock/${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  }

  async setFaults(faults: string[]): Promise<void> {
    const answer = await this.admin('POST', 'faults', { faults });
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  }

  async reset(): Promise<void> {
    await this.admin('POST', 'reset');
  }

  /** Moves the mock clock forward. */
  async advance(ms: number): Promise<void> {
    const { body } = await this.admin('GET', 'clock');
    const now = Date.parse(`${body.now.replace(' ', 'T')}Z`);
    await this.admin('POST', 'clock', { start: new Date(now + ms).toISOString() });
  }
}

export const ids = (records: any[], key = 'groupID'): number[] => records.map((record) => record[key]);
