import { FIRST_LOAD } from './first-load';

// The gateway preloads each path's reads (decision 030); a preload serves only a request for the
// same URL. So a signed-in first visit to each path must ask for exactly those URLs, as its
// route loader does. openapi-fetch keeps the fetch it finds when the client module loads and
// builds a Request from a relative URL: both are set up before any import runs.
const requested = vi.hoisted(() => {
  const urls: string[] = [];
  const Base = globalThis.Request;
  globalThis.Request = class extends Base {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, document.baseURI) : input, init);
    }
  };
  globalThis.fetch = (input: RequestInfo | URL) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return Promise.resolve(
      new Response(JSON.stringify({ type: 'about:blank', status: 401 }), {
        status: 401,
        headers: { 'Content-Type': 'application/problem+json' },
      }),
    );
  };
  return urls;
});

beforeAll(() => {
  // As the gateway serves index.html: API calls and routes resolve against <base href>.
  const base = document.createElement('base');
  base.href = '/';
  document.head.append(base);
});

describe.each(Object.entries(FIRST_LOAD))('a first visit to %s', (path, { reads }) => {
  it('asks for the reads index.html preloads for it', async () => {
    vi.resetModules();
    requested.length = 0;
    localStorage.setItem('mcs-signed-in', '1');
    window.history.replaceState(null, '', path);
    await import('./routes');
    const expected = reads.map((read) => new URL(read, document.baseURI).href);
    await vi.waitFor(() => expect(requested).toEqual(expect.arrayContaining(expected)));
  });
});

it('writes each read as the gateway accepts it: relative to the page, a plain query', () => {
  // services/gateway/src/web/web-dist.ts drops (and logs) any other entry.
  for (const { reads } of Object.values(FIRST_LOAD))
    for (const read of reads) expect(read).toMatch(/^api\/[\w/-]+(?:\?[\w=&.-]*)?$/);
});
