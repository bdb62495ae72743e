import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { bundle } from '../lib/bundle';

/**
 * The hand-written contract documents, read from the package (src/ and dist/ both sit one
 * level below it). Parsed once per process.
 */
const root = join(__dirname, '..');

export const documentPaths = {
  externalOpenApi: join(root, 'openapi', 'external-v1.yaml'),
  internalOpenApi: join(root, 'openapi', 'internal.yaml'),
  events: join(root, 'asyncapi', 'events.yaml'),
} as const;

export type JsonObject = Record<string, unknown>;

const cache = new Map<string, JsonObject>();

function load(path: string): JsonObject {
  let document = cache.get(path);
  if (!document) {
    document = parse(readFileSync(path, 'utf8')) as JsonObject;
    cache.set(path, document);
  }
  // Callers get their own copy: tools such as openapi-backend mutate what they are given.
  return structuredClone(document);
}

export const externalOpenApiDocument = (): JsonObject => load(documentPaths.externalOpenApi);
export const eventsDocument = (): JsonObject => load(documentPaths.events);

/**
 * The internal document with the components it borrows bundled in: from the external one, and
 * from the messages document the general settings, whose one schema is also settings.changed's.
 */
export const internalOpenApiDocument = (): JsonObject =>
  bundle(
    bundle(
      load(documentPaths.internalOpenApi),
      './external-v1.yaml',
      load(documentPaths.externalOpenApi),
    ),
    '../asyncapi/events.yaml',
    load(documentPaths.events),
  );

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const objectAt = (document: JsonObject, key: string): JsonObject => {
  const value = document[key];
  return isObject(value) ? value : {};
};

const listAt = (document: JsonObject, key: string): unknown[] => {
  const value = document[key];
  return Array.isArray(value) ? value : [];
};

/**
 * Internal and external routes in one document (served at /openapi.json, /docs, /redoc).
 * Internal operations keep their `internal:*` tags and "no compatibility guarantee" wording.
 */
export function combinedOpenApiDocument(): JsonObject {
  const internal = internalOpenApiDocument();
  const external = externalOpenApiDocument();
  const components: Record<string, JsonObject> = {};
  for (const document of [external, internal]) {
    for (const [kind, entries] of Object.entries(objectAt(document, 'components'))) {
      components[kind] = { ...components[kind], ...(isObject(entries) ? entries : {}) };
    }
  }
  return {
    ...internal,
    info: {
      ...objectAt(internal, 'info'),
      title: 'Media Cleanup Service API (internal and external routes)',
      description:
        'Every route of the service. Routes under `/api/v1` are the supported, versioned external API; ' +
        'all other routes (tags `internal:*`) are the web UI API and carry no compatibility guarantee.',
    },
    tags: [...listAt(external, 'tags'), ...listAt(internal, 'tags')],
    paths: { ...objectAt(internal, 'paths'), ...objectAt(external, 'paths') },
    components,
  };
}
