import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

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
export const internalOpenApiDocument = (): JsonObject => load(documentPaths.internalOpenApi);
export const eventsDocument = (): JsonObject => load(documentPaths.events);
