/**
 * Per-user played state. Each user has played about 30% of the generated movies and episodes
 * (decided by hash, so stable); `setPlayed` overrides single items. The list of a user's played
 * items is built on demand as an Int32Array (movie i → i, episode e → −(e+1)) and cached until
 * the library or the watch data changes.
 */
import { hash, SALT } from '../prng';
import type { LibraryState } from './state';

export type WatchedKind = 'movie' | 'episode';

export interface PlayState {
  played: boolean;
  playCount: number;
  lastPlayedAt: number | null;
  /** DateLastSaved of the user data: what MinDateLastSavedForUser filters on. */
  savedAt: number;
}

const PLAYED_FROM = Date.UTC(2024, 1, 1);
const PLAYED_SPAN = 300 * 86_400_000;

export class WatchBook {
  private readonly overrides = new Map<string, PlayState>();
  private readonly lists = new Map<string, Int32Array>();

  constructor(private readonly state: LibraryState) {
    state.onChange(() => this.lists.clear());
  }

  get(user: number, kind: WatchedKind, index: number): PlayState {
    const override = this.overrides.get(key(user, kind, index));
    if (override) return override;
    const base = kind === 'movie' ? this.state.options.movies : this.state.catalog.baseEpisodes;
    const salt = kind === 'movie' ? 1 : 2;
    const seed = this.state.catalog.seed;
    if (index >= base || hash(seed, SALT.played, user, index, salt) % 100 >= 30) {
      return { played: false, playCount: 0, lastPlayedAt: null, savedAt: 0 };
    }
    const lastPlayedAt =
      PLAYED_FROM + (hash(seed, SALT.lastPlayed, user, index, salt) % PLAYED_SPAN);
    return {
      played: true,
      playCount: 1 + (hash(seed, SALT.playCount, user, index, salt) % 3),
      lastPlayedAt,
      savedAt: lastPlayedAt,
    };
  }

  set(user: number, kind: WatchedKind, index: number, played: boolean): PlayState {
    const before = this.get(user, kind, index);
    const now = this.state.clock();
    const next: PlayState = played
      ? { played: true, playCount: before.playCount + 1, lastPlayedAt: now, savedAt: now }
      : { played: false, playCount: 0, lastPlayedAt: before.lastPlayedAt, savedAt: now };
    this.overrides.set(key(user, kind, index), next);
    this.lists.clear();
    return next;
  }

  /** Overrides changed since a moment, for MinDateLastSavedForUser. */
  changedSince(user: number, since: number): { kind: WatchedKind; index: number }[] {
    const out: { kind: WatchedKind; index: number }[] = [];
    for (const [k, play] of this.overrides) {
      const [u, kind, index] = k.split(':');
      if (Number(u) === user && play.savedAt >= since && play.played)
        out.push({ kind: kind as WatchedKind, index: Number(index) });
    }
    return out.sort((a, b) =>
      a.kind === b.kind ? a.index - b.index : a.kind === 'movie' ? -1 : 1,
    );
  }

  /** The user's played items that are on the server, encoded (movie i → i, episode e → −(e+1)). */
  playedList(user: number, kinds: { movies: boolean; episodes: boolean }): Int32Array {
    const cacheKey = `${user}:${kinds.movies}:${kinds.episodes}`;
    const cached = this.lists.get(cacheKey);
    if (cached) return cached;
    const out: number[] = [];
    if (kinds.movies) {
      const live = this.state.serverMovies;
      for (let p = 0; p < live.length; p++) {
        const i = live.at(p);
        if (this.get(user, 'movie', i).played) out.push(i);
      }
    }
    if (kinds.episodes) {
      const live = this.state.serverEpisodes;
      for (let p = 0; p < live.length; p++) {
        const e = live.at(p);
        if (this.get(user, 'episode', e).played) out.push(-(e + 1));
      }
    }
    const list = Int32Array.from(out);
    this.lists.set(cacheKey, list);
    return list;
  }
}

function key(user: number, kind: WatchedKind, index: number): string {
  return `${user}:${kind}:${index}`;
}
