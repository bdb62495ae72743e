import type { InternalClient } from '@mcs/kit';
import type { PathValues } from '../domain/template-context';

/** Template keys that need catalog's path values (events-webhooks.md §3.3), in any variant. */
const PATH_KEY = /\{(?:urlencoded_|json_)?(?:path|local_path|destination_path)\}/;

/** Whether rendering the endpoint's templates needs a file operation's path values. */
export function templatesUsePaths(templates: readonly (string | null)[]): boolean {
  return templates.some((template) => template !== null && PATH_KEY.test(template));
}

/** A file operation's path values; null when catalog has none for it. */
export type OperationPathsReader = (operationId: number) => Promise<PathValues | null>;

/** Catalog could not answer: the attempt fails and is retried (a network error, §4.4). */
export class PathsUnavailable extends Error {}

/**
 * Reads a file operation's path values from catalog at send time (architecture.md: the one
 * call outside gateway requests), as a system principal; they are never stored here. An
 * operation catalog does not know has none (null): its placeholders render empty.
 */
export function catalogPathsReader(call: InternalClient, catalogUrl: string): OperationPathsReader {
  return (operationId) => fetchOperationPaths(call, catalogUrl, operationId);
}

async function fetchOperationPaths(
  call: InternalClient,
  catalogUrl: string,
  operationId: number,
): Promise<PathValues | null> {
  let response: Awaited<ReturnType<InternalClient>>;
  try {
    response = await call({
      service: 'catalog',
      baseUrl: catalogUrl,
      method: 'GET',
      url: `/api/file-operations/${operationId}/paths`,
      principal: { type: 'system' },
    });
  } catch (error) {
    throw new PathsUnavailable(`catalog unreachable: ${(error as Error).message}`);
  }
  if (response.status === 404) return null;
  if (response.status !== 200) throw new PathsUnavailable(`catalog answered ${response.status}`);
  const body = parsed(response.body);
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    path: text(body.path),
    localPath: text(body.local_path),
    destinationPath: text(body.destination_path),
  };
}

/** Catalog's JSON object; anything else is an answer it could not have meant (a retry). */
function parsed(raw: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // Falls through to the failure below.
  }
  throw new PathsUnavailable('catalog answered something other than a JSON object');
}
