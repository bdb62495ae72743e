import type { FieldError } from '@mcs/kit';
import { Invalid } from '@mcs/kit';
import type { ContractOperation } from './contract';

/**
 * Input conveniences the contract promises, applied before validation so services see one
 * spelling only: `catalog_id` is an alias of `tmdb_id` (both with different values → 422), and
 * query booleans accept true/false/1/0 in any case (external-api.md 1.6, 1.7).
 */
export function normalizeQuery(
  operation: ContractOperation,
  query: Record<string, unknown>,
): Record<string, string | string[]> {
  const parameters = (operation.parameters ?? []) as { in?: string; name?: string }[];
  const declared = new Set(parameters.filter((p) => p.in === 'query').map((p) => p.name));
  // Unknown query parameters are ignored (external-api.md 1.1): neither validated nor
  // forwarded. catalog_id stays until the alias is resolved, where tmdb_id is accepted.
  const result = Object.fromEntries(
    Object.entries(query as Record<string, string | string[]>).filter(
      ([name]) => declared.has(name) || (name === 'catalog_id' && declared.has('tmdb_id')),
    ),
  );
  aliasCatalogId(result, 'query');
  for (const name of booleanQueryParameters(operation)) {
    const value = result[name];
    if (typeof value !== 'string') continue;
    const lower = value.toLowerCase();
    if (lower === 'true' || lower === '1') result[name] = 'true';
    else if (lower === 'false' || lower === '0') result[name] = 'false';
  }
  return result;
}

export function normalizeBody(body: Record<string, unknown>): Record<string, unknown> {
  const result = { ...body };
  aliasCatalogId(result, 'body');
  return result;
}

function aliasCatalogId(values: Record<string, unknown>, location: FieldError['in']): void {
  if (!('catalog_id' in values)) return;
  const alias = values.catalog_id;
  if ('tmdb_id' in values && String(values.tmdb_id) !== String(alias)) {
    throw new Invalid([
      { in: location, name: 'catalog_id', message: 'Must equal tmdb_id when both are given.' },
    ]);
  }
  values.tmdb_id = alias;
  delete values.catalog_id;
}

function booleanQueryParameters(operation: ContractOperation): string[] {
  const parameters = (operation.parameters ?? []) as {
    in?: string;
    name?: string;
    schema?: { type?: unknown };
  }[];
  return parameters
    .filter((p) => p.in === 'query' && p.schema?.type === 'boolean')
    .map((p) => p.name as string);
}
