import type { Target } from '../target';
import { type TargetFacts, UNKNOWN_FACT } from './facts';
import type { MovieProjection, TargetWithFacts, VersionRow } from './root-projection';
import { dateOf, fileFacts, metadataFetched, rootFacts } from './target-facts-root';
import { movieWatchFacts, rootWatch } from './watch-facts';

/**
 * One target per live version (domain.md 3.4, scope V). A version has no watch data of its
 * own: the movie's applies (1.7).
 */
export function movieVersionTargets(movie: MovieProjection, now: Date): TargetWithFacts[] {
  const fetched = metadataFetched(movie.facts);
  // Object.assign onto the fresh rootFacts object, not object spreads: a scan or preview
  // builds one facts object per version of the library, and spreads were most of that cost.
  const shared: TargetFacts = Object.assign(
    rootFacts(movie.facts),
    movieWatchFacts(movie.mediaId, rootWatch(movie.inputs, now)),
    {
      'media.days_since_release': fetched ? dateOf(movie.facts.release_date) : UNKNOWN_FACT,
      // "exists = part of any collection": with metadata fetched, no collection is a known [].
      'tmdb.collection': fetched
        ? movie.facts.collection
          ? [movie.facts.collection.tmdb_collection_id]
          : []
        : UNKNOWN_FACT,
      'arr.monitored': movie.facts.is_monitored,
      'movie.version_count': movie.versions.length,
    },
  );
  const versions = [...movie.versions].sort((a, b) => a.id - b.id);
  return versions.map((version, i) => ({
    target: versionTarget(movie.mediaId, version),
    // The last version may take `shared` itself: no other target reads it after.
    facts: Object.assign(
      i === versions.length - 1 ? shared : { ...shared },
      fileFacts(version.facts, movie.inputs.diskFree),
    ),
  }));
}

function versionTarget(mediaId: number, version: VersionRow): Target {
  return {
    mediaType: 'movie',
    scope: 'version',
    mediaId,
    movieVersionId: version.id,
    seriesId: null,
    seasonId: null,
    seasonNumber: null,
    episodeId: null,
    episodeNumber: null,
  };
}
