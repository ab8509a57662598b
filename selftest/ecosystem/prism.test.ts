import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { repoPath } from '../../harness/contract';
import { BUNDLE_FILES, isObject, type JsonObject } from '../../bin/lib/bundle';
import { bundleValidator } from './bundle-schema';
import { minimalRequests } from './minimal-request';
import { PRISM, prismAbsent } from './tools';

const bundle = JSON.parse(readFileSync(repoPath(BUNDLE_FILES.openapi31), 'utf8')) as JsonObject;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The keys from the bundle's root to the schema of an operation's answer in `mediaType`, or undefined when it declares no body. */
function answerSchemaPath(path: string, method: string, mediaType: string): string[] | undefined {
  const responses = ((bundle.paths as JsonObject)[path] as JsonObject)[method] as { responses: JsonObject };
  const status = '200' in responses.responses ? '200' : 'default';
  const response = responses.responses[status] as JsonObject;
  const at = typeof response.$ref === 'string' ? response.$ref.slice(2).split('/') : ['paths', path, method, 'responses', status];
  const content = (at.reduce<unknown>((node, key) => (node as JsonObject)[key], bundle) as JsonObject).content;
  if (!isObject(content)) return undefined;
  assert.ok(mediaType in content, `${method.toUpperCase()} ${path} answered "${mediaType}", which its response does not declare`);
  return [...at, 'content', mediaType, 'schema'];
}

describe('Prism mocks the bundle (prism mock dist/openapi.json)', { skip: prismAbsent, timeout: 120_000 }, () => {
  let prism: ChildProcess | undefined;
  let origin = '';
  const validator = bundleValidator(bundle);

  before(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    prism = spawn(PRISM, ['mock', '--host', '127.0.0.1', '--port', String(port), repoPath(BUNDLE_FILES.openapi31)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Prism did not start within 60 s:\n${output}`)), 60_000);
      const read = (chunk: Buffer): void => {
        output += chunk;
        if (output.includes('Prism is listening')) {
          clearTimeout(timer);
          resolve();
        }
      };
      prism!.stdout!.on('data', read);
      prism!.stderr!.on('data', read);
      prism!.once('exit', (code) => reject(new Error(`Prism exited (${code}) before listening:\n${output}`)));
    });
  });
  after(() => void prism?.kill());

  it('answers one request per operation with 2xx and a body its response schema accepts', async () => {
    const requests = minimalRequests(bundle);
    let checked = 0;
    assert.equal(requests.length, 11);
    for (const request of requests) {
      const [method, path] = [request.method.toLowerCase(), request.label.split(' ')[1]!];
      const answer = await fetch(origin + request.url, {
        method: request.method,
        // Prism checks that a bearer token is there, not its value.
        headers: { authorization: 'Bearer prism-accepts-any-value', ...(request.body ? { 'content-type': 'application/json' } : {}) },
        ...(request.body ? { body: request.body } : {}),
      });
      const text = await answer.text();
      assert.ok(answer.status >= 200 && answer.status < 300, `${request.label}: HTTP ${answer.status} ${text.slice(0, 500)}`);
      const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const schemaPath = answerSchemaPath(path, method, mediaType);
      if (schemaPath && mediaType === 'application/json') {
        assert.deepEqual(validator.issues(schemaPath, JSON.parse(text)), [], `${request.label}: ${text.slice(0, 500)}`);
        checked += 1;
      }
    }
    assert.equal(checked, 8, 'each of the 8 JSON operations answered JSON (getFile answers its zip, the retired endpoint declares no body)');
  });

  it('(the schema check can fail: an envelope without data is refused)', () => {
    const ping = ['components', 'responses', 'PingResponse', 'content', 'application/json', 'schema'];
    assert.notDeepEqual(validator.issues(ping, { success: 1, code: 0, errors: [], requestID: 'x' }), []);
  });
});
