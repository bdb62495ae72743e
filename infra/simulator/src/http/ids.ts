/**
 * Item ids that encode what they point at, so a DELETE of any id can be resolved without a
 * lookup table. Jellyfin ids are 32 hex digits (like real GUIDs without dashes); Plex rating
 * keys are integers.
 */
import { hash, SALT } from '../prng';

export const JF = {
  movie: 1,
  series: 2,
  season: 3,
  episode: 4,
  user: 5,
  library: 6,
  movieFile: 7,
} as const;
export type JfKind = (typeof JF)[keyof typeof JF];

export function jfId(seed: number, kind: JfKind, index: number): string {
  const prefix = hash(seed, SALT.idPrefix, kind).toString(16).padStart(8, '0');
  return `${prefix}${kind.toString(16).padStart(2, '0')}${index.toString(16).padStart(22, '0')}`;
}

export function parseJfId(seed: number, id: string): { kind: JfKind; index: number } | null {
  if (!/^[0-9a-f]{32}$/i.test(id)) return null;
  const kind = parseInt(id.slice(8, 10), 16) as JfKind;
  const index = parseInt(id.slice(10), 16);
  return jfId(seed, kind, index) === id.toLowerCase() ? { kind, index } : null;
}

/** Plex rating keys and media ids: kind × 10^8 + index. */
export const PLEX = {
  movie: 1,
  show: 2,
  season: 3,
  episode: 4,
  movieMedia: 5,
  episodeMedia: 6,
  movieSection: 1,
  showSection: 2,
} as const;
const SPAN = 100_000_000;

export function plexKey(kind: number, index: number): number {
  return kind * SPAN + index;
}

export function parsePlexKey(key: string): { kind: number; index: number } | null {
  if (!/^\d+$/.test(key)) return null;
  const value = Number(key);
  return { kind: Math.floor(value / SPAN), index: value % SPAN };
}
