import { vi } from 'vitest';

/**
 * A fetch stand-in for web unit tests: the network is the outside world here. Each handler
 * answers one `METHOD /path` (below /api/v1); an unexpected call fails the test loudly.
 */
export interface SeenRequest {
  method: string;
  url: URL;
  /** METHOD and path below /api/v1: 'GET /accounts/me/'. */
  key: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  json: () => unknown;
}

export type FetchHandler = (request: SeenRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function stubFetch(routes: Record<string, FetchHandler>) {
  const calls: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const request: SeenRequest = {
      method,
      url,
      key: `${method} ${url.pathname.replace(/^\/api\/v1/, '')}`,
      headers: new Headers(init.headers),
      body: init.body,
      json: () => JSON.parse(String(init.body)),
    };
    calls.push(request);
    const handler = routes[request.key];
    if (!handler) throw new Error(`unexpected request ${request.key}`);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, callsTo: (key: string) => calls.filter((call) => call.key === key) };
}
