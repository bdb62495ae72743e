/**
 * Which facts message a series a sync changed gets (contract: media.series_parts_upserted).
 * Pure.
 *
 * Parts only patch what the consumer already holds, so they are for a series that existed
 * before the run and whose own facts the run left alone (its size and other aggregates aside),
 * and only in an incremental sync; everything else goes in full (media.items_upserted): new
 * and restored series, a changed root, and every series of a full sync, resync or backfill.
 */
export type SeriesPublication = 'full' | 'parts';

export function seriesPublication(input: {
  incremental: boolean;
  /** The series row existed before the run started. */
  existedBefore: boolean;
  /** The run changed the series' own facts (restoring it included). */
  rootChanged: boolean;
}): SeriesPublication {
  return input.incremental && input.existedBefore && !input.rootChanged ? 'parts' : 'full';
}
