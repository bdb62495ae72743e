import { AppError, type InternalClient } from '@mcs/kit';

/** Per path, in order: whether catalog can write there, and why not. */
export type DestinationCheck = (
  paths: readonly string[],
) => Promise<{ writable: boolean; reason?: string }[]>;

interface Answer {
  results?: { path?: unknown; writable?: unknown; reason?: unknown }[];
}

/**
 * Move destinations are checked where files are moved: by catalog, in one signed call
 * (docs/decisions/025). catalog never calls the scheduler synchronously, so no cycle. Without
 * an answer nothing is stored: 503, and the operator tries again.
 */
export function catalogDestinationCheck(
  call: InternalClient,
  catalogUrl: string,
): DestinationCheck {
  return async (paths) => {
    let response: Awaited<ReturnType<InternalClient>>;
    try {
      response = await call({
        service: 'catalog',
        baseUrl: catalogUrl,
        method: 'POST',
        url: '/api/paths/writable',
        principal: { type: 'system' },
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ paths }),
      });
    } catch {
      throw unavailable();
    }
    if (response.status !== 200) throw unavailable();
    const answer = JSON.parse(response.body.toString('utf8')) as Answer;
    return paths.map((path) => {
      const result = answer.results?.find((entry) => entry.path === path);
      return {
        writable: result?.writable === true,
        reason: typeof result?.reason === 'string' ? result.reason : undefined,
      };
    });
  };
}

function unavailable(): AppError {
  return new AppError(
    503,
    'service_unavailable',
    'catalog cannot check the move destination now; nothing was changed.',
  );
}
