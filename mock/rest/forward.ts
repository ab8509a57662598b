import { Agent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

/** Headers that belong to one connection, not to the request (RFC 9110 section 7.6.1), and Host. */
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade', 'host']);

/** The upstream mock as the adapter reaches it: one keep-alive agent for every forwarded request. */
export interface Upstream {
  url: URL;
  agent: Agent;
}

export function upstreamOf(origin: string): Upstream {
  const url = new URL(origin);
  if (url.protocol !== 'http:') throw new RangeError(`the upstream mock must be an http:// origin, got ${origin}`);
  return { url, agent: new Agent({ keepAlive: true, maxSockets: 64 }) };
}

/**
 * Sends a client's request to the upstream mock unchanged (method, path, query, headers but Host),
 * streaming its body: the adapter never holds a request body, the mock enforces its size limit.
 */
export function forward(incoming: IncomingMessage, upstream: Upstream): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        protocol: upstream.url.protocol,
        hostname: upstream.url.hostname.replace(/^\[|\]$/g, ''),
        port: upstream.url.port,
        method: incoming.method,
        path: incoming.url ?? '/',
        headers: forwardedHeaders(incoming.headers),
        agent: upstream.agent,
      },
      resolve,
    );
    outgoing.on('error', reject);
    incoming.on('error', (error) => outgoing.destroy(error));
    incoming.pipe(outgoing);
  });
}

function forwardedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!NOT_FORWARDED.has(name)) out[name] = value;
  return out;
}

/** Reads a response body up to limitBytes; undefined (and the response discarded) when it is longer. */
export async function readLimited(response: IncomingMessage, limitBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) {
      response.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
