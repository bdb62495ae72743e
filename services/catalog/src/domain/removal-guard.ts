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
  /** The held set (R), if any, without what this sync saw again. */
  pending: ByKind<number[]> | null;
  ratio: number;
  /**
   * False when a library's enumeration was incomplete: such a sync neither confirms the held
   * set nor breaks the sequence (it keeps R), though its own removals still pass the guard.
   */
  complete: boolean;
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
  const confirmed = byKind((kind) =>
    input.complete ? input.current[kind].filter((id) => held[kind].has(id)) : [],
  );
  const fresh = byKind((kind) => input.current[kind].filter((id) => !held[kind].has(id)));
  const kept = byKind((kind) => (input.complete ? [] : [...held[kind]]));
  const guarded = REMOVAL_KINDS.some((kind) => fresh[kind].length > input.ratio * input.live[kind]);
  return {
    remove: byKind((kind) => (guarded ? confirmed[kind] : [...confirmed[kind], ...fresh[kind]])),
    hold: byKind((kind) => (guarded ? [...kept[kind], ...fresh[kind]] : kept[kind])),
    guarded,
  };
}
