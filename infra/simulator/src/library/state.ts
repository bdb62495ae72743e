/**
 * What changed since generation: only mutations and deletions are held in memory, keyed by
 * item index. Every read goes "override, else generated", so an untouched library of any size
 * costs nothing but the live lists.
 */
import type { SimulatorOptions } from '../options';
import { hash, SALT } from '../prng';
import { Catalog, SAVED_AT } from './catalog';
import { LiveList } from './live-list';

export interface SimFile {
  fileId: number;
  /** Changes on replacement (new technical facts), not on rename. */
  variant: number;
  /** Suffix of the file name; a rename changes only this. */
  label: string;
  addedAt: number;
}

interface Touched {
  /** DateLastSaved: what Jellyfin's MinDateLastSaved filters on. */
  savedAt: number;
}

export interface MovieOverride extends Touched {
  files?: SimFile[];
  arrRemoved?: boolean;
  monitored?: boolean;
  tags?: number[];
}

export interface EpisodeOverride extends Touched {
  file?: SimFile | null;
  monitored?: boolean;
}

export interface SeriesOverride extends Touched {
  /** Files deleted (Sonarr delete with files, or media-server delete): gone from the server. */
  filesDeleted?: boolean;
  arrRemoved?: boolean;
  monitored?: boolean;
  tags?: number[];
  seasonMonitored?: Record<number, boolean>;
}

export class LibraryState {
  readonly catalog: Catalog;
  addedMovies = 0;
  readonly movies = new Map<number, MovieOverride>();
  readonly episodes = new Map<number, EpisodeOverride>();
  readonly series = new Map<number, SeriesOverride>();
  /** Global season indices whose files were deleted through the media server. */
  readonly deletedSeasons = new Set<number>();
  /** Owners of file ids issued after generation (replacements, added files). */
  readonly movieFileOwners = new Map<number, number>();
  readonly episodeFileOwners = new Map<number, number>();
  private nextMovieFileId: number;
  private nextEpisodeFileId: number;

  readonly serverMovies: LiveList;
  readonly radarrMovies: LiveList;
  readonly serverSeries: LiveList;
  readonly sonarrSeries: LiveList;
  readonly serverSeasons: LiveList;
  readonly serverEpisodes: LiveList;
  private readonly listeners: (() => void)[] = [];

  constructor(
    readonly options: SimulatorOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.catalog = new Catalog(options);
    this.nextMovieFileId = options.movies + 1;
    this.nextEpisodeFileId = this.catalog.baseEpisodes + 1;
    const seasons = () => options.series * options.seasonsPerSeries;
    this.serverMovies = new LiveList(
      () => this.movieCount,
      (i) => this.movieOnServer(i),
    );
    this.radarrMovies = new LiveList(
      () => this.movieCount,
      (i) => this.movieInRadarr(i),
    );
    this.serverSeries = new LiveList(
      () => options.series,
      (s) => this.seriesOnServer(s),
    );
    this.sonarrSeries = new LiveList(
      () => options.series,
      (s) => this.seriesInSonarr(s),
    );
    this.serverSeasons = new LiveList(seasons, (g) => this.seasonOnServer(g));
    this.serverEpisodes = new LiveList(
      () => this.catalog.baseEpisodes,
      (e) => this.episodeOnServer(e),
    );
  }

  get movieCount(): number {
    return this.options.movies + this.addedMovies;
  }

  /** Called after every change so cached lists (live lists, played lists) rebuild. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  changed(): void {
    for (const list of [
      this.serverMovies,
      this.radarrMovies,
      this.serverSeries,
      this.sonarrSeries,
      this.serverSeasons,
      this.serverEpisodes,
    ]) {
      list.invalidate();
    }
    for (const listener of this.listeners) listener();
  }

  // Movies

  movieFiles(index: number): SimFile[] {
    const files = this.movies.get(index)?.files;
    if (files) return files;
    if (index >= this.options.movies) return [];
    return [
      { fileId: index + 1, variant: 0, label: '', addedAt: this.catalog.movie(index).addedAt },
    ];
  }

  movieOnServer(index: number): boolean {
    return this.movieFiles(index).length > 0;
  }

  movieInRadarr(index: number): boolean {
    return this.catalog.movie(index).inRadarr && !this.movies.get(index)?.arrRemoved;
  }

  movieMonitored(index: number): boolean {
    return (
      this.movies.get(index)?.monitored ?? hash(this.catalog.seed, SALT.monitored, index) % 10 !== 0
    );
  }

  movieTags(index: number): number[] {
    return (
      this.movies.get(index)?.tags ??
      (hash(this.catalog.seed, SALT.monitored, index, 1) % 25 === 0 ? [1] : [])
    );
  }

  movieSavedAt(index: number): number {
    return this.movies.get(index)?.savedAt ?? SAVED_AT;
  }

  /** The movie override to change, stamped as saved now. */
  touchMovie(index: number): MovieOverride {
    const override = this.movies.get(index) ?? { savedAt: 0 };
    override.savedAt = this.now();
    this.movies.set(index, override);
    return override;
  }

  issueMovieFile(index: number, variant: number, label: string): SimFile {
    const fileId = this.nextMovieFileId++;
    this.movieFileOwners.set(fileId, index);
    return { fileId, variant, label, addedAt: this.now() };
  }

  movieOfFile(fileId: number): number | null {
    const owner =
      this.movieFileOwners.get(fileId) ?? (fileId <= this.options.movies ? fileId - 1 : null);
    if (owner === null) return null;
    return this.movieFiles(owner).some((file) => file.fileId === fileId) ? owner : null;
  }

  // Series, seasons, episodes

  seriesOnServer(index: number): boolean {
    return !this.series.get(index)?.filesDeleted;
  }

  seriesInSonarr(index: number): boolean {
    return this.catalog.series(index).inSonarr && !this.series.get(index)?.arrRemoved;
  }

  touchSeries(index: number): SeriesOverride {
    const override = this.series.get(index) ?? { savedAt: 0 };
    override.savedAt = this.now();
    this.series.set(index, override);
    return override;
  }

  seasonOnServer(seasonIndex: number): boolean {
    const seriesIndex = Math.floor(seasonIndex / this.options.seasonsPerSeries);
    return this.seriesOnServer(seriesIndex) && !this.deletedSeasons.has(seasonIndex);
  }

  episodeFile(index: number): SimFile | null {
    const episode = this.catalog.episode(index);
    if (!this.seasonOnServer(episode.seasonIndex)) return null;
    const override = this.episodes.get(index);
    if (override?.file !== undefined) return override.file;
    if (!episode.hasBaseFile) return null;
    const series = this.catalog.series(episode.seriesIndex);
    const addedAt = Math.min(
      Math.max(series.addedAt, episode.airDate + 86_400_000),
      SAVED_AT - 86_400_000,
    );
    return { fileId: index + 1, variant: 0, label: '', addedAt };
  }

  episodeOnServer(index: number): boolean {
    return this.episodeFile(index) !== null;
  }

  episodeMonitored(index: number): boolean {
    return this.episodes.get(index)?.monitored ?? true;
  }

  touchEpisode(index: number): EpisodeOverride {
    const override = this.episodes.get(index) ?? { savedAt: 0 };
    override.savedAt = this.now();
    this.episodes.set(index, override);
    return override;
  }

  issueEpisodeFile(index: number, variant: number, label: string): SimFile {
    const fileId = this.nextEpisodeFileId++;
    this.episodeFileOwners.set(fileId, index);
    return { fileId, variant, label, addedAt: this.now() };
  }

  episodeOfFile(fileId: number): number | null {
    const owner =
      this.episodeFileOwners.get(fileId) ??
      (fileId <= this.catalog.baseEpisodes ? fileId - 1 : null);
    if (owner === null) return null;
    return this.episodeFile(owner)?.fileId === fileId ? owner : null;
  }

  clock(): number {
    return this.now();
  }
}
