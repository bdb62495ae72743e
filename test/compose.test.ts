// What an operator relies on in docker-compose.yml and infra/Dockerfile, checked by parsing
// (no Docker engine needed): start order by health, wiring by compose hostnames, one public port.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

type J = Record<string, unknown>;
const obj = (v: unknown): J =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as J) : {};

const root = join(__dirname, '..');
const composeText = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
/** What an operator puts in `.env`: the variables compose requires. */
const OPERATOR_ENV: Record<string, string> = {
  POSTGRES_USER: 'mcs-db',
  POSTGRES_PASSWORD: 'db-password',
  RABBITMQ_USER: 'mcs-broker',
  RABBITMQ_PASSWORD: 'broker-password',
  ENCRYPTION_KEYS: 'k'.repeat(40),
};
/** Compose's interpolation: `${NAME}`, `${NAME:-default}`, `${NAME:?error}` (required). */
function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(
    /\$\{(\w+)(?::([?-])([^}]*))?\}/g,
    (_all, name: string, kind?: string, arg?: string) => {
      const value = vars[name];
      if (value !== undefined && value !== '') return value;
      if (kind === '?') throw new Error(`${name}: ${arg}`);
      return kind === '-' ? (arg ?? '') : '';
    },
  );
}
// Compose resolves YAML merge keys (`<<: *anchor`); YAML 1.2 parsers only when asked.
const compose = obj(parse(interpolate(composeText, OPERATOR_ENV), { merge: true }));
const services = obj(compose.services);
const dockerfile = readFileSync(join(root, 'infra', 'Dockerfile'), 'utf8');

const BACKING = ['postgres', 'redis', 'rabbitmq'];
const PORTS: Record<string, number> = {
  gateway: 8000,
  catalog: 8101,
  cleanup: 8102,
  scheduler: 8103,
  webhooks: 8104,
};
const APPS = Object.keys(PORTS);
const ONE_SHOT = ['keys'];
const INTERNAL = APPS.filter((name) => name !== 'gateway');

const service = (name: string): J => obj(services[name]);
const env = (name: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(obj(service(name).environment)).map(([k, v]) => [k, String(v)]),
  );
const dependsOn = (name: string): J => obj(service(name).depends_on);

describe('docker-compose.yml', () => {
  it('runs PostgreSQL, Redis, RabbitMQ and the five services, after the one-shot keys job', () => {
    expect(Object.keys(services).sort()).toEqual([...BACKING, ...APPS, ...ONE_SHOT].sort());
  });

  it('gives every long-running service a health check with a command to run', () => {
    for (const name of [...BACKING, ...APPS]) {
      const test = obj(service(name).healthcheck).test;
      expect({ name, ok: Array.isArray(test) && test.length >= 2 }).toEqual({ name, ok: true });
      expect(['CMD', 'CMD-SHELL']).toContain((test as string[])[0]);
    }
  });

  it('starts each service only once PostgreSQL, Redis and RabbitMQ are healthy', () => {
    for (const name of APPS) {
      for (const dependency of BACKING) {
        expect({ name, dependency, ...obj(dependsOn(name)[dependency]) }).toEqual({
          name,
          dependency,
          condition: 'service_healthy',
        });
      }
    }
  });

  it('starts the gateway only once the four internal services are healthy', () => {
    for (const dependency of INTERNAL) {
      expect(obj(dependsOn('gateway')[dependency]).condition).toBe('service_healthy');
    }
  });

  it('publishes only the gateway, on port 8000', () => {
    const published = Object.keys(services).filter((name) => service(name).ports !== undefined);
    expect(published).toEqual(['gateway']);
    expect(service('gateway').ports).toEqual(['8000:8000']);
    expect(env('gateway').PORT).toBe('8000');
  });

  it('builds every service from infra/Dockerfile with its own SERVICE argument', () => {
    for (const name of APPS) {
      const build = obj(service(name).build);
      expect({ name, context: build.context, dockerfile: build.dockerfile }).toEqual({
        name,
        context: '.',
        dockerfile: 'infra/Dockerfile',
      });
      expect(obj(build.args).SERVICE).toBe(name);
    }
  });

  it('points every service at the compose PostgreSQL, Redis and RabbitMQ', () => {
    const rabbit = obj(service('rabbitmq').environment);
    for (const name of APPS) {
      const vars = env(name);
      const database = new URL(String(vars.DATABASE_URL));
      const redis = new URL(String(vars.REDIS_URL));
      const amqp = new URL(String(vars.AMQP_URL));
      expect([database.protocol, database.hostname, database.port]).toEqual([
        'postgresql:',
        'postgres',
        '5432',
      ]);
      expect([redis.protocol, redis.hostname, redis.port]).toEqual(['redis:', 'redis', '6379']);
      expect([amqp.protocol, amqp.hostname, amqp.port]).toEqual(['amqp:', 'rabbitmq', '5672']);
      // The credentials RabbitMQ is created with are the ones the services log in with.
      expect([amqp.username, amqp.password]).toEqual([
        rabbit.RABBITMQ_DEFAULT_USER,
        rabbit.RABBITMQ_DEFAULT_PASS,
      ]);
      expect(Number(vars.PORT)).toBe(PORTS[name]);
    }
  });

  it("routes the gateway's internal calls to the other services' names and ports", () => {
    const gateway = env('gateway');
    for (const name of INTERNAL) {
      const url = new URL(String(gateway[`${name.toUpperCase()}_URL`]));
      expect([url.protocol, url.hostname, url.port]).toEqual(['http:', name, env(name).PORT]);
    }
  });

  it("caps catalog's heap so a full sync stays within its memory budget", () => {
    expect(env('catalog').NODE_OPTIONS).toBe('--max-old-space-size=256');
  });

  it('starts without a credential of its own: each required one named when missing', () => {
    for (const name of Object.keys(OPERATOR_ENV)) {
      const { [name]: _missing, ...rest } = OPERATOR_ENV;
      expect(() => interpolate(composeText, rest)).toThrow(new RegExp(`^${name}: `));
    }
    expect(composeText).not.toMatch(
      /POSTGRES_HOST_AUTH_METHOD|RABBITMQ_DEFAULT_(USER|PASS): [a-z]/,
    );
  });

  it('runs RabbitMQ without its management plugin', () => {
    expect(String(service('rabbitmq').image)).not.toMatch(/management/);
  });

  it('keeps PostgreSQL, Redis and RabbitMQ on a network without a way out', () => {
    expect(obj(obj(compose.networks).backend).internal).toBe(true);
    for (const name of BACKING)
      expect({ name, networks: service(name).networks }).toEqual({ name, networks: ['backend'] });
    for (const name of APPS) expect(service(name).networks).toEqual(['backend', 'egress']);
  });

  it('gives each service its own signing key and the public keys, and the encryption keys only where used', () => {
    const volumes = (name: string) => (service(name).volumes as string[]) ?? [];
    for (const name of APPS) {
      expect(volumes(name)).toEqual([
        `keys-${name}:/run/mcs/key:ro`,
        'keys-public:/run/mcs/public:ro',
      ]);
      expect(env(name).INTERNAL_SIGNING_KEY_FILE).toBe('/run/mcs/key/private.key');
      expect(env(name).INTERNAL_PUBLIC_KEYS_FILE).toBe('/run/mcs/public/public-keys');
      expect(obj(dependsOn(name).keys).condition).toBe('service_completed_successfully');
      const sealsCredentials = ['catalog', 'gateway', 'scheduler', 'webhooks'].includes(name);
      expect({ name, keys: env(name).ENCRYPTION_KEYS }).toEqual({
        name,
        keys: sealsCredentials ? OPERATOR_ENV.ENCRYPTION_KEYS : undefined,
      });
    }
    expect(service('keys').command).toEqual([
      'node',
      'packages/kit/dist/bin/service-keys.js',
      '/keys',
    ]);
    expect(service('keys').network_mode).toBe('none');
  });

  it('declares the named volumes that keep PostgreSQL and RabbitMQ data', () => {
    const declared = Object.keys(obj(compose.volumes));
    for (const name of ['postgres', 'rabbitmq']) {
      const volumes = (service(name).volumes as string[]) ?? [];
      expect(volumes.length).toBeGreaterThan(0);
      for (const volume of volumes) expect(declared).toContain(volume.split(':')[0]);
    }
  });
});

describe('infra/Dockerfile', () => {
  const stages = [...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((m) => m[1]);
  const runtime = dockerfile.slice(dockerfile.search(/^FROM\s+\S+\s+AS\s+runtime\b/im));

  it('builds in a build stage and runs from a final runtime stage', () => {
    expect(stages).toContain('build');
    expect(stages[stages.length - 1]).toBe('runtime');
  });

  it('builds the web UI and ships its dist, which the gateway serves at /', () => {
    expect(dockerfile).toMatch(/^COPY packages\/web\/package\.json packages\/web\/$/m);
    expect(dockerfile).toMatch(
      /for dir in packages\/\* services\/\*; do[^\n]*\n[^\n]*cp -R "\$dir\/dist"/,
    );
  });

  it('runs the selected service as a non-root user', () => {
    const user = [...runtime.matchAll(/^USER\s+(\S+)/gim)].map((m) => m[1]).pop();
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(runtime).toMatch(/^ARG SERVICE\b/m);
    expect(runtime).toMatch(/^CMD .*exec node .*services\/\$\{SERVICE\}\/dist\/main\.js/m);
  });
});
