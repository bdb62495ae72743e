import type { Events } from '@mcs/contracts';
import type { Target } from '../target';
import type { TargetFacts } from './facts';
import type { RootInputs } from './inputs';

/**
 * The projection of one root media item, as the scan and the preview stream it (domain.md 4),
 * and the targets with facts built from it (3.4). Each row's `facts` is catalog's event payload
 * for that entity; the columns beside it are the ones later events update without rewriting the
 * payload (a removed episode file detaches its episodes through `episode_file_id`), so the
 * builders trust the columns for structure and the payload for everything else.
 */
type Schemas = Events.components['schemas'];
export type MovieRootFacts = Omit<Schemas['MovieFacts'], 'versions'>;
export type SeriesRootFacts = Schemas['SeriesRootFacts'];

export interface VersionRow {
  id: number;
  facts: Schemas['MovieVersionFacts'];
}

export interface SeasonRow {
  id: number;
  seasonNumber: number;
  facts: Schemas['SeasonFacts'];
}

export interface EpisodeRow {
  id: number;
  seasonId: number;
  seasonNumber: number;
  episodeNumber: number;
  episodeFileId: number | null;
  facts: Schemas['EpisodeFacts'];
}

export interface EpisodeFileRow {
  id: number;
  facts: Schemas['EpisodeFileFacts'];
}

/** A live movie with its live versions. */
export interface MovieProjection {
  mediaType: 'movie';
  mediaId: number;
  facts: MovieRootFacts;
  versions: VersionRow[];
  inputs: RootInputs;
}

/** A live series with its live seasons, episodes (with or without a file) and episode files. */
export interface SeriesProjection {
  mediaType: 'series';
  mediaId: number;
  facts: SeriesRootFacts;
  seasons: SeasonRow[];
  episodes: EpisodeRow[];
  files: EpisodeFileRow[];
  inputs: RootInputs;
}

export type RootProjection = MovieProjection | SeriesProjection;

export interface TargetWithFacts {
  target: Target;
  facts: TargetFacts;
}
