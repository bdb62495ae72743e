/**
 * The mass-removal guard (domain.md 2.11), as a decision over id sets. A full sync computes
 * what it would remove per kind (R′); removals that a held set (R) already contained are
 * confirmed by this second consecutive complete sync; the rest is checked against the guard
 * on its own, and held when it is too large a share of what was live.
 */
export const REMOVAL_KINDS = ['movie', 'series', 'version', 'episode_file'] as const;
export type RemovalKind = (typeof REMOVAL_KINDS)[number];
export type ByKind<T> = Record<RemovalKind, T>;

export interface GuardInput {
  /** Live count of each kind before the sync (N). */
  live: ByKind<number>;
  /** What this sync would remove (R′). */
  current: ByKind<number[]>;
  /** The held set of the previous complete full sync (R), if any. */
  pending: ByKind<number[]> | null;
  ratio: number;
}

export interface GuardDecision {
  remove: ByKind<number[]>;
  hold: ByKind<number[]>;
  guarded: boolean;
}

export function byKind<T>(make: (kind: RemovalKind) => T): ByKind<T> {
  return {
    movie: make('movie'),
    series: make('series'),
    version: make('version'),
    episode_file: make('episode_file'),
  };
}

export function decideRemovals(input: GuardInput): GuardDecision {
  const held = byKind((kind) => new Set(input.pending?.[kind] ?? []));
  const confirmed = byKind((kind) => input.current[kind].filter((id) => held[kind].has(id)));
  const fresh = byKind((kind) => input.current[kind].filter((id) => !held[kind].has(id)));
  const guarded = REMOVAL_KINDS.some((kind) => fresh[kind].length > input.ratio * input.live[kind]);
  return {
    remove: byKind((kind) => (guarded ? confirmed[kind] : [...confirmed[kind], ...fresh[kind]])),
    hold: byKind((kind) => (guarded ? fresh[kind] : [])),
    guarded,
  };
}
