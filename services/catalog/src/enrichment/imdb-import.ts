/**
 * One import of the IMDb ratings dataset (domain.md 2.9.2): read for the IMDb ids the catalog
 * holds, written batch by batch as the file streams, and, once the whole file was read, the
 * ratings of titles it no longer lists are cleared. A failed read leaves what it wrote so far
 * (each value is the dataset's own) and clears nothing.
 */
import type { Db } from '../db';
import type { DatasetRead, ImdbDatasetClient } from '../integrations/imdb';
import { clearRatings, liveImdbIds, writeRatings } from './enrichment.repository';

const CLEAR_BATCH = 10_000;

export async function importImdbRatings(db: Db, client: ImdbDatasetClient): Promise<DatasetRead> {
  const wanted = await liveImdbIds(db);
  const rated = new Set<string>();
  const read = await client.read(
    (imdbId) => wanted.has(imdbId),
    async (batch) => {
      for (const rating of batch) rated.add(rating.imdbId);
      await writeRatings(db, batch);
    },
  );
  const unrated = [...wanted].filter((imdbId) => !rated.has(imdbId));
  for (let i = 0; i < unrated.length; i += CLEAR_BATCH)
    await clearRatings(db, unrated.slice(i, i + CLEAR_BATCH));
  return read;
}
