/**
 * The generated library: pure functions from an index to the facts of a movie, series, season,
 * episode or file. Nothing here is stored; see state.ts for what mutations change.
 *
 * Ids are consistent across systems by construction: movie i has Radarr id i+1, TMDB id
 * 100000+i and the same path everywhere; series s has Sonarr id s+1 and TVDB id 300000+s.
 */
import type { SimulatorOptions } from '../options';
import { hash, SALT, unit } from '../prng';
import { ADJECTIVES, GENRES, NOUNS, PLACES, ROLES } from './names';

const DAY = 86_400_000;
/** Items were added between these dates; every generated item was last saved at SAVED_AT. */
const ADDED_FROM = Date.UTC(2021, 0, 1);
const ADDED_SPAN = 3 * 365 * DAY;
export const SAVED_AT = Date.UTC(2024, 0, 1);

export type Quality = 'sd' | '720p' | '1080p' | '2160p';

export interface FileFacts {
  width: number;
  height: number;
  quality: Quality;
  /** Jellyfin/ffprobe codec name: h264, hevc, av1, mpeg4. */
  codec: string;
  /** Jellyfin VideoRangeType: SDR, HDR10, DOVIWithHDR10. */
  rangeType: 'SDR' | 'HDR10' | 'DOVIWithHDR10';
  bitrateKbps: number;
  durationMs: number;
  sizeBytes: number;
}

export interface MovieFacts {
  index: number;
  title: string;
  year: number;
  tmdbId: number;
  imdbId: string;
  addedAt: number;
  genres: string[];
  runtimeMs: number;
  /** About 5% of movies are on the media server only, so routing has a fallback case. */
  inRadarr: boolean;
}

export interface SeriesFacts {
  index: number;
  title: string;
  year: number;
  tmdbId: number;
  tvdbId: number;
  imdbId: string;
  addedAt: number;
  genres: string[];
  inSonarr: boolean;
}

export interface EpisodeFacts {
  index: number;
  seriesIndex: number;
  seasonNumber: number;
  episodeNumber: number;
  /** Global season index: seriesIndex × seasonsPerSeries + seasonNumber − 1. */
  seasonIndex: number;
  title: string;
  airDate: number;
  runtimeMs: number;
  /** About 2% of episodes have no file (not downloaded yet). */
  hasBaseFile: boolean;
}

/** Walks the index through every (adjective, noun) pair once before repeating with a number. */
function uniqueTitle(first: string[], second: string[], index: number, offset: number): string {
  const pairs = first.length * second.length;
  // 613 is coprime with the pair count (40 × 40, 20 × 20), so this is a permutation.
  const r = ((((index % pairs) * 613 + offset) % pairs) + pairs) % pairs;
  const round = Math.floor(index / pairs);
  const base = `${first[r % first.length]} ${second[Math.floor(r / first.length)]}`;
  return round === 0 ? base : `${base} ${round + 1}`;
}

function genresOf(seed: number, index: number, salt: number): string[] {
  const h = hash(seed, SALT.genres, index, salt);
  const first = GENRES[h % GENRES.length] as string;
  const second = GENRES[(h >>> 8) % GENRES.length] as string;
  return first === second ? [first] : [first, second];
}

export class Catalog {
  readonly episodesPerSeries: number;
  readonly baseEpisodes: number;

  constructor(readonly options: SimulatorOptions) {
    this.episodesPerSeries = options.seasonsPerSeries * options.episodesPerSeason;
    this.baseEpisodes = options.series * this.episodesPerSeries;
  }

  get seed(): number {
    return this.options.seed;
  }

  movie(index: number): MovieFacts {
    const seed = this.seed;
    const title = uniqueTitle(ADJECTIVES, NOUNS, index, seed % 1600);
    return {
      index,
      title: `The ${title}`,
      year: 1960 + (hash(seed, SALT.movieYear, index) % 65),
      tmdbId: 100_000 + index,
      imdbId: `tt${String(1_000_000 + index).padStart(7, '0')}`,
      addedAt: ADDED_FROM + Math.floor(unit(seed, SALT.movieAdded, index) * ADDED_SPAN),
      genres: genresOf(seed, index, 1),
      runtimeMs: (80 + (hash(seed, SALT.runtime, index) % 100)) * 60_000 + (index % 60) * 1000,
      inRadarr: hash(seed, SALT.inArr, index) % 20 !== 0,
    };
  }

  series(index: number): SeriesFacts {
    const seed = this.seed;
    return {
      index,
      title: uniqueTitle(PLACES, ROLES, index, seed % 400),
      year: 1990 + (hash(seed, SALT.seriesYear, index) % 34),
      tmdbId: 200_000 + index,
      tvdbId: 300_000 + index,
      imdbId: `tt${String(5_000_000 + index).padStart(7, '0')}`,
      addedAt: ADDED_FROM + Math.floor(unit(seed, SALT.seriesAdded, index) * ADDED_SPAN),
      genres: genresOf(seed, index, 2),
      inSonarr: hash(seed, SALT.inArr, index, 2) % 20 !== 0,
    };
  }

  episode(index: number): EpisodeFacts {
    const { seasonsPerSeries, episodesPerSeason } = this.options;
    const seriesIndex = Math.floor(index / this.episodesPerSeries);
    const within = index % this.episodesPerSeries;
    const seasonNumber = Math.floor(within / episodesPerSeason) + 1;
    const episodeNumber = (within % episodesPerSeason) + 1;
    const series = this.series(seriesIndex);
    return {
      index,
      seriesIndex,
      seasonNumber,
      episodeNumber,
      seasonIndex: seriesIndex * seasonsPerSeries + seasonNumber - 1,
      title: `Chapter ${episodeNumber}`,
      airDate:
        Date.UTC(series.year, 0, 1) +
        (seasonNumber - 1) * 365 * DAY +
        (episodeNumber - 1) * 7 * DAY,
      runtimeMs: (40 + (hash(this.seed, SALT.runtime, index, 4) % 20)) * 60_000,
      hasBaseFile: hash(this.seed, SALT.episodeFile, index) % 50 !== 0,
    };
  }

  /** First episode index of a series. */
  firstEpisode(seriesIndex: number): number {
    return seriesIndex * this.episodesPerSeries;
  }

  /**
   * Technical facts of one file. `variant` changes with a replacement (new file), never with a
   * rename, so a renamed file keeps its size and duration: the fingerprint of §1.11.
   */
  file(kind: 'movie' | 'episode', index: number, variant: number, runtimeMs: number): FileFacts {
    const salt = kind === 'movie' ? 1 : 2;
    const q = unit(this.seed, SALT.quality, index, variant, salt);
    const quality: Quality = q < 0.25 ? '2160p' : q < 0.8 ? '1080p' : q < 0.95 ? '720p' : 'sd';
    const dims = {
      '2160p': [3840, 2160],
      '1080p': [1920, 1080],
      '720p': [1280, 720],
      sd: [720, 480],
    }[quality];
    const c = hash(this.seed, SALT.codec, index, variant, salt) % 10;
    const codec =
      quality === '2160p'
        ? c < 8
          ? 'hevc'
          : 'av1'
        : quality === 'sd'
          ? 'mpeg4'
          : c < 6
            ? 'h264'
            : 'hevc';
    const r = hash(this.seed, SALT.range, index, variant, salt) % 10;
    const rangeType =
      quality !== '2160p' ? 'SDR' : r < 2 ? 'DOVIWithHDR10' : r < 9 ? 'HDR10' : 'SDR';
    const base = { '2160p': 40_000, '1080p': 8_000, '720p': 4_000, sd: 1_500 }[quality];
    const bitrateKbps = base + (hash(this.seed, SALT.bitrate, index, variant, salt) % (base / 2));
    const durationMs = runtimeMs;
    const sizeBytes = Math.round((bitrateKbps * 1000 * (durationMs / 1000)) / 8);
    return {
      width: dims[0] as number,
      height: dims[1] as number,
      quality,
      codec,
      rangeType,
      bitrateKbps,
      durationMs,
      sizeBytes,
    };
  }

  moviePath(movie: MovieFacts, label: string): string {
    const name = `${movie.title} (${movie.year})`;
    return `/media/movies/${name}/${name}${label}.mkv`;
  }

  episodePath(episode: EpisodeFacts, label: string): string {
    const series = this.series(episode.seriesIndex);
    const folder = `${series.title} (${series.year})`;
    const code = `S${String(episode.seasonNumber).padStart(2, '0')}E${String(episode.episodeNumber).padStart(2, '0')}`;
    return `/media/tv/${folder}/Season ${String(episode.seasonNumber).padStart(2, '0')}/${folder} - ${code} - ${episode.title}${label}.mkv`;
  }
}
