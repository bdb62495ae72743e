// scripts/start/stack.js: the environment `pnpm start` gives each service.
import { mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORTS: Record<string, number> = {
  gateway: 9700,
  catalog: 9701,
  cleanup: 9702,
  scheduler: 9703,
  webhooks: 9704,
};
const SERVICES = Object.keys(PORTS);

interface StackService {
  name: string;
  env: Record<string, string | undefined>;
}

/** The services whose `<SERVICE>_URL` a service's config reads (each with a local default). */
function servicesCalledBy(service: string): string[] {
  const config = readFileSync(
    join(__dirname, '..', 'services', service, 'src', 'config.ts'),
    'utf8',
  );
  return [...config.matchAll(/\b([A-Z]+)_URL: env\.url\('http:\/\/127\.0\.0\.1:/g)]
    .map((match) => (match[1] as string).toLowerCase())
    .filter((name) => SERVICES.includes(name));
}

test('on ports other than the defaults, each service finds the others where pnpm start put them', async () => {
  const saved = { ...process.env };
  const dataDir = mkdtempSync(join(tmpdir(), 'mcs-stack-'));
  Object.assign(process.env, {
    ...Object.fromEntries(SERVICES.map((s) => [`MCS_${s.toUpperCase()}_PORT`, String(PORTS[s])])),
    MCS_DATA_DIR: dataDir,
    // Given, so no key is read from (or written to) a database.
    ENCRYPTION_KEYS: 'a-test-encryption-key-of-at-least-32-characters',
  });
  try {
    let services: StackService[] = [];
    // stack.js reads the ports when it is loaded.
    await jest.isolateModulesAsync(async () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { stackServices } = require('../scripts/start/stack') as {
        stackServices: () => Promise<StackService[]>;
      };
      services = await stackServices();
    });
    expect(Object.fromEntries(services.map((s) => [s.name, Number(s.env.PORT)]))).toEqual(PORTS);
    for (const { name, env } of services)
      for (const other of servicesCalledBy(name))
        expect([name, other, env[`${other.toUpperCase()}_URL`]]).toEqual([
          name,
          other,
          `http://127.0.0.1:${PORTS[other]}`,
        ]);
    // The scheduler asks catalog whether a move destination is writable (decision 025).
    expect(servicesCalledBy('scheduler')).toEqual(['catalog']);
  } finally {
    process.env = saved;
    await rm(dataDir, { recursive: true, force: true });
  }
});
