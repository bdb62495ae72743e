// Contract tests of the OpenAPI documents against external-api.md (§1.9, §2, §2.2, §4 check 11).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { documentPaths, externalOpenApiDocument, internalOpenApiDocument } from '@mcs/contracts';

type J = Record<string, unknown>;
const obj = (v: unknown): J =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as J) : {};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const words = (s: string): string[] => s.trim().split(/\s+/);
const must = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`missing: ${what}`);
  return value;
};

const doc = externalOpenApiDocument();
const schemas = obj(obj(doc.components).schemas);

/** Follows local `$ref`s (`#/a/b`) until a non-reference node is reached. */
function deref(node: unknown): J {
  let current = obj(node);
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops += 1) {
    const keys = current.$ref.replace(/^#\//, '').split('/');
    current = keys.reduce<J>(
      (at, key) => obj(at[key.replace(/~1/g, '/').replace(/~0/g, '~')]),
      doc,
    );
  }
  return current;
}

interface Operation {
  id: string;
  method: string;
  path: string;
  op: J;
}
const operations: Operation[] = Object.entries(obj(doc.paths)).flatMap(([path, item]) =>
  words('get put post delete patch head options trace')
    .filter((m) => m in obj(item))
    .map((method) => {
      const op = obj(obj(item)[method]);
      return { id: String(op.operationId), method: method.toUpperCase(), path, op };
    }),
);
const byId = (id: string): Operation =>
  must(
    operations.find((o) => o.id === id),
    id,
  );
const responses = (o: Operation): [string, J][] =>
  Object.entries(obj(o.op.responses)).map(([status, r]) => [status, deref(r)]);
const successes = (o: Operation) => responses(o).filter(([s]) => s.startsWith('2'));
const parameters = (o: Operation): J[] => arr(o.op.parameters).map(deref);

// external-api.md §2, the operation summary table: method, path, scope ('-': any valid token),
// operationId, tag.
const TABLE = `
  GET    /api/v1                                        -                  getDiscovery        system
  GET    /api/v1/candidates                             candidates:read    listCandidates      candidates
  GET    /api/v1/candidates/{candidate_id}              candidates:read    getCandidate        candidates
  POST   /api/v1/candidates/{candidate_id}/cancel       candidates:manage  cancelCandidate     candidates
  POST   /api/v1/candidates/{candidate_id}/postpone     candidates:manage  postponeCandidate   candidates
  POST   /api/v1/candidates/{candidate_id}/reset-timer  candidates:manage  resetCandidateTimer candidates
  POST   /api/v1/candidates/{candidate_id}/protect      candidates:manage  protectCandidate    candidates
  GET    /api/v1/events                                 events:read        listEvents          events
  GET    /api/v1/movies                                 media:read         listMovies          media
  GET    /api/v1/movies/{media_id}                      media:read         getMovie            media
  GET    /api/v1/series                                 media:read         listSeries          media
  GET    /api/v1/series/{media_id}                      media:read         getSeries           media
  GET    /api/v1/protections                            protections:read   listProtections     protections
  GET    /api/v1/protections/{protection_id}            protections:read   getProtection       protections
  POST   /api/v1/protections                            protections:manage createProtection    protections
  DELETE /api/v1/protections/{protection_id}            protections:manage deleteProtection    protections
  GET    /api/v1/system                                 system:read        getSystem           system
  GET    /api/v1/tasks                                  tasks:read         listTasks           tasks
  GET    /api/v1/tasks/{task_id}                        tasks:read         getTask             tasks
  GET    /api/v1/tasks/{task_id}/runs                   tasks:read         listTaskRuns        tasks
  POST   /api/v1/tasks/{task_id}/run                    tasks:run          runTask             tasks`
  .trim()
  .split('\n')
  .map((line) => {
    const [method, path, scope, id, tag] = words(line) as [string, string, string, string, string];
    return { method, path, scope: scope === '-' ? null : scope, id, tag };
  });
const SCOPES = words(`system:read media:read candidates:read candidates:manage events:read
  protections:read protections:manage tasks:read tasks:run`);
const MUTATING = words(`cancelCandidate postponeCandidate resetCandidateTimer protectCandidate
  createProtection deleteProtection runTask`);

describe('external OpenAPI document (EA#11)', () => {
  test('is OpenAPI 3.1.x titled "Media Cleanup Service External API", x-api-version v1', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({
      title: 'Media Cleanup Service External API',
      'x-api-version': 'v1',
    });
  });

  test('has exactly the 21 operations of the §2 table (method, path, operationId)', () => {
    const actual = operations.map((o) => `${o.method} ${o.path} ${o.id}`);
    expect(actual).toHaveLength(21);
    expect(actual.sort()).toEqual(TABLE.map((r) => `${r.method} ${r.path} ${r.id}`).sort());
  });

  test('every path starts with /api/v1 and no documentation route is in the document', () => {
    const paths = Object.keys(obj(doc.paths));
    expect(paths.filter((p) => !/^\/api\/v1(\/|$)/.test(p))).toEqual([]);
    for (const route of words('/api/v1/docs /api/v1/redoc /api/v1/openapi.json'))
      expect(paths).not.toContain(route);
  });

  test('bearerAuth is required by every operation, with the scope and tag of the §2 table', () => {
    expect(obj(obj(doc.components).securitySchemes).bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'mcs_<prefix>_<secret>',
    });
    expect(obj(schemas.Scope).enum).toEqual(SCOPES);
    for (const row of TABLE) {
      const { op } = byId(row.id);
      expect({
        id: row.id,
        security: op.security,
        scope: op['x-required-scope'],
        tags: op.tags,
      }).toEqual({ id: row.id, security: [{ bearerAuth: [] }], scope: row.scope, tags: [row.tag] });
      if (row.scope !== null) expect(SCOPES).toContain(row.scope);
    }
  });
});

describe('external OpenAPI responses and headers (EA#1, EA#13, EA#52)', () => {
  const PROBLEM = '#/components/schemas/Problem';
  const VALIDATION = '#/components/schemas/ValidationProblem';

  test('every 4xx/5xx is application/problem+json with Problem (ValidationProblem on 422)', () => {
    const failures: string[] = [];
    let checked = 0;
    for (const o of operations)
      for (const [status, response] of responses(o).filter(([s]) => /^[45]/.test(s))) {
        checked += 1;
        const content = obj(response.content);
        const schema = obj(obj(content['application/problem+json']).schema);
        const refs = (schema.$ref ? [schema] : [...arr(schema.anyOf), ...arr(schema.oneOf)]).map(
          (s) => String(obj(s).$ref),
        );
        const allowed = status === '422' ? [PROBLEM, VALIDATION] : [PROBLEM];
        const ok =
          Object.keys(content).join() === 'application/problem+json' &&
          refs.length > 0 &&
          refs.every((r) => allowed.includes(r)) &&
          (status !== '422' || refs.includes(VALIDATION));
        if (!ok) failures.push(`${o.id} ${status}: ${JSON.stringify(content)}`);
      }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(21 * 4);
  });

  test('every operation documents 401, 429, 500, 503 and, except discovery, 403', () => {
    const missing = operations.flatMap((o) =>
      words(o.id === 'getDiscovery' ? '401 429 500 503' : '401 403 429 500 503')
        .filter((s) => !(s in obj(o.op.responses)))
        .map((s) => `${o.id} ${s}`),
    );
    expect(missing).toEqual([]);
  });

  test('the seven mutating operations take Idempotency-Key; successes carry Idempotent-Replayed', () => {
    const failures: string[] = [];
    for (const o of MUTATING.map(byId)) {
      if (!parameters(o).some((p) => p.in === 'header' && p.name === 'Idempotency-Key'))
        failures.push(`${o.id}: no Idempotency-Key header parameter`);
      if (successes(o).length === 0) failures.push(`${o.id}: no success response`);
      for (const [status, r] of successes(o))
        if (!('Idempotent-Replayed' in obj(r.headers))) failures.push(`${o.id} ${status}`);
    }
    expect(failures).toEqual([]);
  });

  test('every success response documents RateLimit-Limit, -Remaining and -Reset', () => {
    const missing = operations.flatMap((o) =>
      successes(o).flatMap(([status, r]) =>
        words('RateLimit-Limit RateLimit-Remaining RateLimit-Reset')
          .filter((h) => !(h in obj(r.headers)))
          .map((h) => `${o.id} ${status} ${h}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  test('components.schemas holds every schema required by §2.2', () => {
    const required = words(`Discovery Candidate CandidatePage CandidateActionResponse CancelRequest
      PostponeRequest ResetTimerRequest ProtectRequest Event EventActor EventPayload EventFeed Media
      MediaPage Protection ProtectionPage ProtectionCreateRequest ProtectionCreateResponse System
      Task TaskList TaskRun TaskRunPage TaskRunTriggerResponse Problem ValidationProblem`);
    expect(required.filter((name) => !(name in schemas))).toEqual([]);
  });
});

describe('external OpenAPI schema behaviour (Ajv 2020)', () => {
  const BASE = 'https://contracts.test.invalid/openapi/external-v1.yaml';
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(externalOpenApiDocument(), BASE);
  const validator = (pointer: string) => {
    const validate = must(ajv.getSchema(`${BASE}#${pointer}`), pointer);
    return (value: unknown): boolean => validate(value) === true;
  };

  test('the §2.3 postpone example response validates against CandidateActionResponse', () => {
    const ok = deref(obj(byId('postponeCandidate').op.responses)['200']);
    const example = obj(obj(obj(ok.content)['application/json']).example);
    expect(obj(example.candidate).auto_delete_state).toBe('postponed');
    expect(validator('/components/schemas/CandidateActionResponse')(example)).toBe(true);
  });

  test('per_page accepts 1 … 200 and rejects 0 and 201 (EA#15, EA#16)', () => {
    const perPage = validator('/components/parameters/PerPage/schema');
    expect([0, 1, 200, 201].map(perPage)).toEqual([false, true, true, false]);
  });

  test('Idempotency-Key accepts 255 printable ASCII chars; rejects 256, non-ASCII, empty (EA#34)', () => {
    const key = validator('/components/parameters/IdempotencyKey/schema');
    const keys = ['k'.repeat(255), 'k'.repeat(256), 'clé-1', 'tab\there', ''];
    expect(keys.map(key)).toEqual([true, false, false, false, false]);
  });

  test('TimestampInput accepts Z, a numeric offset and naive UTC; rejects a bare date (EA#51)', () => {
    const input = validator('/components/schemas/TimestampInput');
    const accepted = words('2026-03-01T12:00:00Z 2026-03-01T12:00:00+02:00 2026-03-01T12:00:00');
    expect(accepted.map(input)).toEqual([true, true, true]);
    expect(['2026-03-01', 'tomorrow'].map(input)).toEqual([false, false]);
  });

  test('output Timestamp requires the millisecond Z form (EA#51)', () => {
    const output = validator('/components/schemas/Timestamp');
    expect(output('2026-03-01T12:00:00.000Z')).toBe(true);
    const rejected = words(
      '2026-03-01T12:00:00Z 2026-03-01T12:00:00.000+00:00 2026-03-01T12:00:00.000',
    );
    expect(rejected.map(output)).toEqual([false, false, false]);
  });
});

/** Property names of every schema reachable from `roots` (following $refs; examples skipped). */
function propertyNames(roots: unknown[]): Set<string> {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const o = node as J;
    if (typeof o.$ref === 'string') visit(deref(o));
    Object.keys(obj(o.properties)).forEach((name) => names.add(name));
    for (const [key, value] of Object.entries(o)) if (!key.startsWith('example')) visit(value);
  };
  roots.forEach(visit);
  return names;
}

describe('data that never appears (EA#20, EA#50)', () => {
  test('no response schema has a catalog_id property; inputs accept it as a tmdb_id alias', () => {
    const responseSchemas = operations.flatMap((o) =>
      responses(o).flatMap(([, r]) => Object.values(obj(r.content)).map((c) => obj(c).schema)),
    );
    const emitted = propertyNames(responseSchemas);
    expect(emitted.has('tmdb_id')).toBe(true);
    expect(emitted.has('catalog_id')).toBe(false);
    const createProperties = obj(obj(schemas.ProtectionCreateRequest).properties);
    const { description: _alias, ...alias } = obj(createProperties.catalog_id);
    const { description: _tmdb, ...tmdb } = obj(createProperties.tmdb_id);
    expect(alias).toEqual(tmdb);
    expect(alias).toMatchObject({ type: 'integer', minimum: 1 });
    const filtered = operations.filter((o) => parameters(o).some((p) => p.name === 'tmdb_id'));
    expect(filtered.map((o) => o.id).sort()).toEqual(
      words('listCandidates listMovies listProtections listSeries'),
    );
    for (const o of filtered) {
      const schemaOf = (name: string) => parameters(o).find((p) => p.name === name)?.schema;
      expect([o.id, schemaOf('catalog_id')]).toEqual([o.id, schemaOf('tmdb_id')]);
    }
  });

  test('no schema property or parameter of the external document is named like a path', () => {
    const pathLike = /(^|_)(path|paths|folder|directory|dir)(_|$)|^root_/;
    const names = [
      ...propertyNames([doc]),
      ...operations.flatMap((o) => parameters(o).map((p) => String(p.name))),
    ];
    expect(names.length).toBeGreaterThan(100);
    expect(names.filter((n) => pathLike.test(n))).toEqual([]);
  });
});

describe('OpenAPI validity (spectral:oas ruleset, as in contracts:check)', () => {
  // @stoplight/spectral-cli is a root devDependency; its engine is resolved from the CLI package.
  const req = createRequire(require.resolve('@stoplight/spectral-cli'));
  type Result = { message: string; severity: number; path: (string | number)[] };
  const { Spectral, Document } = req('@stoplight/spectral-core') as {
    Spectral: new () => { setRuleset(r: unknown): void; run(d: unknown): Promise<Result[]> };
    Document: new (text: string, parser: unknown, source: string) => unknown;
  };
  const { oas } = req('@stoplight/spectral-rulesets') as { oas: unknown };
  const { Yaml } = req('@stoplight/spectral-parsers') as { Yaml: unknown };
  const errorsOf = async (file: string, text = readFileSync(file, 'utf8')) => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas, 'recommended']] });
    const results = await spectral.run(new Document(text, Yaml, file));
    return results.filter((r) => r.severity === 0).map((r) => `${r.path.join('.')}: ${r.message}`);
  };

  test('the external document has no OpenAPI error', async () => {
    expect(await errorsOf(documentPaths.externalOpenApi)).toEqual([]);
  });

  test('the internal document is valid OpenAPI 3.1 and documents /health and /version', async () => {
    const internal = internalOpenApiDocument();
    expect(internal.openapi).toMatch(/^3\.1\.\d+$/);
    expect(await errorsOf(documentPaths.internalOpenApi)).toEqual([]);
    expect(obj(obj(internal.paths)['/health']).get).toBeDefined();
    expect(obj(obj(internal.paths)['/version']).get).toBeDefined();
    // The check has teeth: the same document without info.title is reported.
    const broken = JSON.stringify({ ...internal, info: { version: '0' } });
    expect(await errorsOf(documentPaths.internalOpenApi, broken)).not.toEqual([]);
  });
});
