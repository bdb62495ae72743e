import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';
import { toast } from 'sonner';
import { asProblem } from './problem';

/** The session query's key: dropped on any 401 so the app sends the browser to login. */
export const SESSION_KEY = ['get', '/api/auth/me'] as const;

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // A problem answer (4xx) will not change by asking again; a network blip may.
        retry: (count, error) => asProblem(error).status === 0 && count < 2,
        refetchOnWindowFocus: false,
      },
    },
    queryCache: new QueryCache({
      // The session query's own 401 is how the shell learns it must show the login page.
      onError: (error, query) => {
        if (asProblem(error).status === 401 && query.queryKey[1] !== SESSION_KEY[1])
          void client.invalidateQueries({ queryKey: SESSION_KEY });
      },
    }),
    mutationCache: new MutationCache({
      // Every failed action says why, unless its screen places the error itself (meta.inline).
      onError: (error, _vars, _ctx, mutation) => {
        const problem = asProblem(error);
        if (problem.status === 401) void client.invalidateQueries({ queryKey: SESSION_KEY });
        if (!mutation.meta?.inline)
          toast.error(problem.detail, {
            description: problem.request_id ? `Request id ${problem.request_id}` : undefined,
          });
      },
    }),
  });
  return client;
}

/** The app's one query client (route loaders start requests in it before a screen renders). */
export const queryClient = createQueryClient();
