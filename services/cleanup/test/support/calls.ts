import { DAY } from '@mcs/kit/testing';
import type {
  ActionResponse,
  Candidate,
  Protection,
  ProtectionCreated,
  ProtectionPage,
} from './api';
import { newCandidate, newMovie, versionTarget } from './factories';
import type { World } from './world';

/** Candidate calls and probes shared by the candidate test files. */
export function candidateCalls(world: World) {
  const delivered = (id: number) =>
    world.broker.messages.filter((m) => m.payload.candidate_id === id);
  return {
    act: (id: number, action: string, body?: unknown, key?: string) =>
      world.api<ActionResponse>('POST', `/api/v1/candidates/${id}/${action}`, { body, key }),
    candidate: async (id: number) =>
      (await world.api<Candidate>('GET', `/api/v1/candidates/${id}`)).body,
    /** What the broker delivered for one candidate (each test uses candidates of its own). */
    delivered,
    eventNames: (id: number) => delivered(id).map((m) => m.name),
    /** A movie with one version and a candidate for it, created now. */
    movieCandidate: async (options: Parameters<typeof newCandidate>[2] = {}) => {
      const movie = await newMovie(world.service.db);
      const id = await newCandidate(world.service.db, versionTarget(movie), {
        createdAt: world.clock.now(),
        ...options,
      });
      return { movie, id };
    },
  };
}

/** External protection calls shared by the protection test files. */
export function protectionCalls(world: World) {
  return {
    create: (body: unknown, key?: string) =>
      world.api<ProtectionCreated>('POST', '/api/v1/protections', { body, key }),
    get: (id: number) => world.api<Protection>('GET', `/api/v1/protections/${id}`),
    ids: async (query: string) =>
      (await world.api<ProtectionPage>('GET', `/api/v1/protections?${query}`)).body.items.map(
        (p) => p.id,
      ),
    inDays: (days: number) => new Date(world.clock.now().getTime() + days * DAY).toISOString(),
  };
}
