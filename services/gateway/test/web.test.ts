import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectProblem, GatewayWorld } from './support/gateway';

/**
 * The web UI at `/` (issue 29): served from this origin with a strict CSP, hashed assets cached
 * for a year, index.html revalidated every time and answering every client-side route. A small
 * stand-in for packages/web/dist keeps the test independent of `vite build`.
 */

const WEB_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <script type="module" crossorigin src="./assets/index-Ab12Cd34.js"></script>
    <link rel="stylesheet" crossorigin href="./assets/index-Ef56Gh78.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;
const SCRIPT = 'console.log("ui");\n';
/** What packages/web's build writes beside index.html (decision 030). */
const FIRST_LOAD = {
  '/': { modules: ['assets/Home-Aa11.js'], styles: [], reads: ['api/dashboard'] },
  '/candidates': {
    modules: ['assets/CandidatesPage-Bb22.js', 'assets/format-Cc33.js'],
    styles: ['assets/CandidatesPage-Dd44.css'],
    reads: ['api/media/candidates?page=1&sort_by=created_at'],
  },
  // Not what the build writes: dropped, never written into a page.
  '/tasks': { modules: ['assets/x.js"><script src="evil.js'], styles: [], reads: [] },
  '/rules': { modules: [], styles: [], reads: ['https://elsewhere.example/api'] },
};

let dist: string;
let world: GatewayWorld;
/** Replica 0: the fake dist at `/`; 1: the same under PUBLIC_BASE_PATH=/mcs; 2: no dist. */
const AT_BASE_PATH = 1;
const UNBUILT = 2;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'mcs-web-'));
  dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets', 'nested'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'first-load.json'), JSON.stringify(FIRST_LOAD));
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'index-Ef56Gh78.css'), 'body{margin:0}\n');
  writeFileSync(join(dist, 'assets', 'icon-Zz99.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'assets', '.hidden'), 'not an asset');
  writeFileSync(join(dist, 'secret.txt'), 'outside the assets folder');
  writeFileSync(join(root, 'package.json'), '{"outside":"the dist folder"}');
  world = await GatewayWorld.start({ webDistDir: dist }, {}, undefined, 'warn');
  await world.addReplica({ basePath: '/mcs' });
  await world.addReplica({ webDistDir: join(root, 'not-built') });
});
afterAll(async () => {
  await world.stop();
  rmSync(join(dist, '..'), { recursive: true, force: true });
});

async function get(
  path: string,
  replica = 0,
  method = 'GET',
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${world.replicas[replica]?.url}${path}`, { method, headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The path exactly as written: fetch would resolve `..` and `%2e%2e` before sending. */
function raw(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; body: string }> {
  const url = new URL(world.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const directives = (csp: string | null) => (csp ?? '').split(';').map((d) => d.trim());

describe('index.html', () => {
  test('/ serves it with a <base href> at the root, no-cache and the strict CSP', async () => {
    const reply = await get('/');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(reply.headers.get('cache-control')).toBe('no-cache');
    expect(directives(reply.headers.get('content-security-policy'))).toEqual(WEB_CSP);
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
    expect(reply.text.match(/<base /g)).toHaveLength(1);
    // First in <head>: a base element applies only to the URLs after it.
    expect(reply.text).toMatch(/<head>\s*<base href="\/">\s*<meta charset/);
    expect(reply.text).toContain('src="./assets/index-Ab12Cd34.js"');
  });

  test('under PUBLIC_BASE_PATH the base names the prefix the proxy strips', async () => {
    const reply = await get('/candidates', AT_BASE_PATH);
    expect(reply.status).toBe(200);
    expect(reply.text).toMatch(/<head>\s*<base href="\/mcs\/">/);
    expect(reply.text.match(/<base /g)).toHaveLength(1);
  });

  test('client-side routes and deep links get the same page, before setup too', async () => {
    const root = await get('/settings');
    for (const path of [
      '/settings/tokens',
      '/login',
      '/setup',
      '/library/movie/42',
      '/rules/7?tab=preview',
      '/documents',
    ]) {
      const reply = await get(path);
      expect([path, reply.status]).toEqual([path, 200]);
      expect(reply.headers.get('cache-control')).toBe('no-cache');
      expect(reply.text).toBe(root.text);
    }
    // The setup guard still holds the API: no administrator exists in this world.
    expectProblem(await world.request('GET', '/api/auth/me'), 503, 'setup_required');
  });

  test('HEAD answers the headers of GET without a body', async () => {
    const reply = await get('/settings/tokens', 0, 'HEAD');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(reply.headers.get('cache-control')).toBe('no-cache');
    expect(reply.text).toBe('');
  });

  test('a repeated load with its ETag is a 304', async () => {
    const first = await get('/');
    const etag = first.headers.get('etag') as string;
    expect(etag).toBeTruthy();
    // Not fetch: a conditional request makes it add `Cache-Control: no-cache` to the request.
    expect((await raw('/', { 'if-none-match': etag })).status).toBe(304);
  });
});

describe('first load (decision 030)', () => {
  const SIGNED_IN = { cookie: 'mcs_session=anything' };
  const links = (html: string) => html.match(/<link rel="(?:preload|modulepreload)"[^>]*>/g) ?? [];
  const fetches = (html: string) =>
    links(html)
      .filter((link) => link.includes('as="fetch"'))
      .map((link) => /href="([^"]*)"/.exec(link)?.[1]);

  test('every page preloads the setup status; a signed-out one nothing else', async () => {
    for (const path of ['/', '/candidates', '/settings', '/login']) {
      const reply = await get(path);
      expect([path, fetches(reply.text)]).toEqual([path, ['api/setup/status']]);
      // It is shown the login page: the screen's code and styles would only delay that.
      expect(links(reply.text).filter((link) => link.includes('modulepreload'))).toEqual([]);
      expect(reply.text).not.toMatch(/CandidatesPage|Home-Aa11|mcs-session/);
      expect(reply.headers.get('vary')).toMatch(/cookie/i);
    }
  });

  test("a path's screen code and styles are preloaded, after the app's own entry", async () => {
    const reply = await get('/candidates', 0, 'GET', SIGNED_IN);
    expect(reply.text).toMatch(
      /<head>\s*<base href="\/">[^]*index-Ab12Cd34\.js[^]*<link rel="modulepreload" crossorigin href="assets\/CandidatesPage-Bb22\.js">[^]*<\/head>/,
    );
    expect(reply.text).toContain(
      '<link rel="modulepreload" crossorigin href="assets/format-Cc33.js">',
    );
    expect(reply.text).toContain(
      '<link rel="stylesheet" crossorigin href="assets/CandidatesPage-Dd44.css">',
    );
    expect(reply.text).not.toContain('Home-Aa11');
  });

  test("with a session cookie: the session and the path's first reads too, and a hint", async () => {
    const home = await get('/', 0, 'GET', SIGNED_IN);
    expect(fetches(home.text)).toEqual(['api/setup/status', 'api/auth/me', 'api/dashboard']);
    expect(home.text).toContain('<meta name="mcs-session" content="1">');
    const candidates = await get('/candidates', 0, 'GET', SIGNED_IN);
    expect(candidates.text).toContain('href="api/media/candidates?page=1&amp;sort_by=created_at"');
    const other = await get('/library/movie/42', 0, 'GET', SIGNED_IN);
    expect(fetches(other.text)).toEqual(['api/setup/status', 'api/auth/me']);
    // Different pages for the same URL: caches must key on the cookie, revalidation still works.
    expect(home.headers.get('etag')).not.toBe((await get('/')).headers.get('etag'));
  });

  test('with a query string (page 3, a filter) the default first reads are not preloaded', async () => {
    const reply = await get('/candidates?page=3', 0, 'GET', SIGNED_IN);
    expect(fetches(reply.text)).toEqual(['api/setup/status', 'api/auth/me']);
    expect(reply.text).toContain('href="assets/CandidatesPage-Bb22.js"');
    expect(reply.text).toContain('<meta name="mcs-session" content="1">');
  });

  test('a trailing slash is the same screen', async () => {
    const reply = await get('/candidates/', 0, 'GET', SIGNED_IN);
    expect(reply.text).toContain('href="assets/CandidatesPage-Bb22.js"');
  });

  test('entries that are not what the build writes are dropped and logged, the rest served', async () => {
    for (const path of ['/tasks', '/rules']) {
      const reply = await get(path, 0, 'GET', SIGNED_IN);
      expect(reply.status).toBe(200);
      expect(reply.text).not.toMatch(/evil|elsewhere/);
      expect(fetches(reply.text)).toEqual(['api/setup/status', 'api/auth/me']);
    }
    const warnings = (world.logs[0] ?? []).filter((line) =>
      String(line.msg).includes('first-load.json'),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.dropped).toEqual(['/tasks', '/rules']);
  });

  test('under PUBLIC_BASE_PATH the same relative links resolve below the prefix', async () => {
    const reply = await get('/candidates', AT_BASE_PATH, 'GET', SIGNED_IN);
    expect(reply.text).toMatch(/<base href="\/mcs\/">/);
    expect(reply.text).toContain(
      '<link rel="modulepreload" crossorigin href="assets/CandidatesPage-Bb22.js">',
    );
  });
});

describe('assets', () => {
  test.each([
    ['index-Ab12Cd34.js', /^(text|application)\/javascript/],
    ['index-Ef56Gh78.css', /^text\/css/],
    ['icon-Zz99.svg', /^image\/svg\+xml/],
  ])('/assets/%s is served with its type and cached for a year, immutably', async (file, type) => {
    for (const method of ['GET', 'HEAD']) {
      const reply = await get(`/assets/${file}`, 0, method);
      expect([method, reply.status]).toEqual([method, 200]);
      expect(reply.headers.get('content-type')).toMatch(type);
      expect(reply.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      if (method === 'HEAD') expect(reply.text).toBe('');
    }
    expect((await get('/assets/index-Ab12Cd34.js')).text).toBe(SCRIPT);
  });

  test('an unknown asset, a folder, a dot file → problem+json 404, never index.html', async () => {
    for (const path of [
      '/assets/index-gone.js',
      '/assets/',
      '/assets',
      '/assets/nested',
      '/assets/nested/',
      '/assets/.hidden',
    ]) {
      const reply = await world.request('GET', path);
      expectProblem(reply, 404, 'not_found');
      expect(reply.headers.get('cache-control')).toBe('no-store');
    }
  });

  test('no way out of the assets folder: traversal in any spelling → 404', async () => {
    for (const path of [
      '/assets/../secret.txt',
      '/assets/..%2fsecret.txt',
      '/assets/%2e%2e/secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
      '/assets/..%5csecret.txt',
    ]) {
      const reply = await raw(path);
      expect([path, reply.status]).toEqual([path, 404]);
      expect(reply.type).toMatch(/^application\/problem\+json/);
      expect(reply.body).not.toMatch(/outside the/);
    }
  });
});

describe('the server routes stay the server’s', () => {
  test('unknown /api and ops paths keep their problem+json 404', async () => {
    await world.setup();
    for (const path of [
      '/api/nope',
      '/api/v1/nope',
      '/API/nope',
      '/metrics',
      '/health/nope',
      '/docs/',
      '/docs-assets/nope.js',
      '/version/x',
    ]) {
      expectProblem(await world.request('GET', path), 404, 'not_found');
    }
  });

  test('the API and ops routes answer as before', async () => {
    expect((await get('/version')).status).toBe(200);
    expect((await get('/health/live')).status).toBe(200);
    expect((await get('/docs')).headers.get('content-type')).toMatch(/^text\/html/);
    expect((await get('/openapi.json')).headers.get('content-type')).toMatch(/json/);
  });

  test('other methods on a client route are not the page', async () => {
    expectProblem(await world.request('POST', '/candidates', { body: {} }), 404, 'not_found');
  });
});

describe('when the web UI is not built', () => {
  test('the gateway starts, logs it once and answers / with a 503 that says what to do', async () => {
    for (const path of ['/', '/candidates']) {
      const reply = await get(path, UNBUILT);
      expect(reply.status).toBe(503);
      expect(reply.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(reply.text).toBe('the web UI is not built: run pnpm build\n');
    }
    const warnings = (world.logs[UNBUILT] ?? []).filter((line) =>
      String(line.msg).includes('the web UI is not built'),
    );
    expect(warnings).toHaveLength(1);
    expect((world.logs[0] ?? []).some((l) => String(l.msg).includes('not built'))).toBe(false);
    expect((await get('/version', UNBUILT)).status).toBe(200);
    expectProblem(
      await world.request('GET', '/assets/index-Ab12Cd34.js', { replica: UNBUILT }),
      404,
      'not_found',
    );
  });
});
