/**
 * Deterministic randomness. Every generated fact is a pure function of (seed, what, index), so
 * item 40 123 looks the same whether or not items 0…40 122 were ever generated: that is what
 * lets the simulator serve a million episodes without holding them.
 */

/** 32-bit avalanche mix (murmur3 finaliser). */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A stable unsigned 32-bit hash of the seed, a topic salt and up to three integers. */
export function hash(seed: number, salt: number, a: number, b = 0, c = 0): number {
  let h = mix(seed ^ 0x9e3779b9);
  h = mix(h ^ Math.imul(salt, 0x27d4eb2d));
  h = mix(h ^ a);
  h = mix(h ^ Math.imul(b, 0x165667b1));
  return mix(h ^ Math.imul(c, 0xd3a2646c));
}

/** Uniform in [0, 1). */
export function unit(seed: number, salt: number, a: number, b = 0, c = 0): number {
  return hash(seed, salt, a, b, c) / 0x1_0000_0000;
}

/** A small sequential generator (mulberry32) for fault rates and mutation picks. */
export function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}

/** Salts: one per kind of fact, so facts of one item are independent of each other. */
export const SALT = {
  movieTitle: 1,
  movieYear: 2,
  movieAdded: 3,
  runtime: 4,
  quality: 5,
  codec: 6,
  range: 7,
  bitrate: 8,
  genres: 9,
  inArr: 10,
  seriesTitle: 11,
  seriesYear: 12,
  seriesAdded: 13,
  episodeFile: 14,
  played: 15,
  playCount: 16,
  lastPlayed: 17,
  requestStatus: 18,
  idPrefix: 19,
  monitored: 20,
  favourite: 21,
} as const;
