/**
 * Changes between syncs, as they happen on real servers: files renamed (same size and
 * duration), replaced (new file, new facts), added and removed, movies added and removed,
 * played state changed, requests added. Every change stamps the item's DateLastSaved so an
 * incremental sync sees it.
 */
import { hash, sequence } from '../prng';
import type { RequestBook, SimRequest } from './requests';
import type { LibraryState, SimFile } from './state';
import type { WatchBook } from './watch';

export interface ChangeSummary {
  renamed: number;
  replaced: number;
  played: number;
  /** Movie indices whose files changed. */
  movies: number[];
  /** Episode indices whose files changed. */
  episodes: number[];
}

export type WatchTarget = { movie: number } | { episode: number };

export class Mutator {
  private round = 0;

  constructor(
    private readonly state: LibraryState,
    private readonly watch: WatchBook,
    private readonly requests: RequestBook,
  ) {}

  /** A new movie (generated like the others, at the next index) with one file. */
  addMovie(): number {
    const index = this.state.movieCount;
    this.state.addedMovies++;
    this.state.touchMovie(index).files = [this.state.issueMovieFile(index, 0, '')];
    this.state.changed();
    return index;
  }

  /** The files vanished from disk (outside the service): gone from the server, Radarr keeps the entry. */
  removeMovie(index: number): void {
    this.state.touchMovie(index).files = [];
    this.state.changed();
  }

  renameMovieFile(index: number, which = 0): SimFile {
    return this.changeMovieFile(index, which, (file) => ({ ...file, label: renamed(file.label) }));
  }

  replaceMovieFile(index: number, which = 0): SimFile {
    const variant = (file: SimFile) => file.variant + 1;
    return this.changeMovieFile(index, which, (file) =>
      this.state.issueMovieFile(index, variant(file), ` - v${variant(file)}`),
    );
  }

  addMovieFile(index: number): SimFile {
    const files = this.state.movieFiles(index);
    const variant = 1000 * (files.length + 1);
    const file = this.state.issueMovieFile(index, variant, ` - Edition ${files.length + 1}`);
    this.state.touchMovie(index).files = [...files, file];
    this.state.changed();
    return file;
  }

  removeMovieFile(index: number, which = 0): void {
    const files = this.state.movieFiles(index);
    this.state.touchMovie(index).files = files.filter((_, i) => i !== which);
    this.state.changed();
  }

  renameEpisodeFile(index: number): SimFile | null {
    return this.changeEpisodeFile(index, (file) => ({ ...file, label: renamed(file.label) }));
  }

  replaceEpisodeFile(index: number): SimFile | null {
    return this.changeEpisodeFile(index, (file) =>
      this.state.issueEpisodeFile(index, file.variant + 1, ` - v${file.variant + 1}`),
    );
  }

  setPlayed(user: number, target: WatchTarget, played = true): void {
    if ('movie' in target) this.watch.set(user, 'movie', target.movie, played);
    else this.watch.set(user, 'episode', target.episode, played);
  }

  addRequest(request: {
    movie?: number;
    series?: number;
    user?: number;
    status?: number;
  }): SimRequest {
    const user = request.user ?? 0;
    const status = request.status ?? 1;
    if (request.movie !== undefined) {
      const movie = this.state.catalog.movie(request.movie);
      return this.requests.add({
        mediaType: 'movie',
        tmdbId: movie.tmdbId,
        tvdbId: null,
        user,
        seasons: [],
        status,
      });
    }
    const series = this.state.catalog.series(request.series ?? 0);
    return this.requests.add({
      mediaType: 'tv',
      tmdbId: series.tmdbId,
      tvdbId: series.tvdbId,
      user,
      seasons: [],
      status,
    });
  }

  /**
   * Changes about `percent` % of the movies and of the episodes on the server: a third renamed,
   * a third replaced, a third played by one user. Deterministic per seed and call number.
   */
  changePercent(percent: number): ChangeSummary {
    this.round++;
    const random = sequence(hash(this.state.catalog.seed, 99, this.round));
    const summary: ChangeSummary = { renamed: 0, replaced: 0, played: 0, movies: [], episodes: [] };
    const pick = (length: number) => distinct(random, length, Math.round((length * percent) / 100));
    const movies = pick(this.state.serverMovies.length).map((p) => this.state.serverMovies.at(p));
    const episodes = pick(this.state.serverEpisodes.length).map((p) =>
      this.state.serverEpisodes.at(p),
    );
    for (const [kind, indices] of [
      ['movie', movies],
      ['episode', episodes],
    ] as const) {
      for (const index of indices) {
        const roll = random();
        if (roll < 1 / 3) {
          if (kind === 'movie') this.renameMovieFile(index);
          else this.renameEpisodeFile(index);
          summary.renamed++;
        } else if (roll < 2 / 3) {
          if (kind === 'movie') this.replaceMovieFile(index);
          else this.replaceEpisodeFile(index);
          summary.replaced++;
        } else {
          const user = Math.floor(random() * this.state.options.users);
          this.watch.set(user, kind, index, true);
          summary.played++;
          continue;
        }
        (kind === 'movie' ? summary.movies : summary.episodes).push(index);
      }
    }
    return summary;
  }

  private changeMovieFile(
    index: number,
    which: number,
    change: (file: SimFile) => SimFile,
  ): SimFile {
    const files = [...this.state.movieFiles(index)];
    const file = files[which];
    if (!file) throw new RangeError(`movie ${index} has no file ${which}`);
    files[which] = change(file);
    this.state.touchMovie(index).files = files;
    this.state.changed();
    return files[which];
  }

  private changeEpisodeFile(index: number, change: (file: SimFile) => SimFile): SimFile | null {
    const file = this.state.episodeFile(index);
    if (!file) return null;
    const next = change(file);
    this.state.touchEpisode(index).file = next;
    this.state.changed();
    return next;
  }
}

/** `Title (2001).mkv` → `Title (2001) - renamed.mkv` → `… - renamed 2.mkv`. */
function renamed(label: string): string {
  const match = / - renamed(?: (\d+))?$/.exec(label);
  if (!match) return `${label} - renamed`;
  return label.replace(/ - renamed(?: \d+)?$/, ` - renamed ${Number(match[1] ?? 1) + 1}`);
}

function distinct(random: () => number, length: number, count: number): number[] {
  const picked = new Set<number>();
  const wanted = Math.min(count, length);
  while (picked.size < wanted) picked.add(Math.floor(random() * length));
  return [...picked].sort((a, b) => a - b);
}
