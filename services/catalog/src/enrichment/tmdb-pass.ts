/**
 * One TMDB pass (domain.md 2.9.1): the due items' details, at most 8 calls at once (the client
 * paces them), each written as it arrives. A failure that says the source is unwell stops the
 * pass; one about a single item skips it until the next run.
 */
import type { Logger } from '@mcs/kit';
import type { Db } from '../db';
import type { DateSanitiser } from '../integrations/dates';
import { IntegrationError } from '../integrations/errors';
import { movieMetadata, seriesMetadata, tmdbFailure, type TmdbClient } from '../integrations/tmdb';
import { type DueItem, writeMovieMetadata, writeSeriesMetadata } from './enrichment.repository';

const WORKERS = 8;

export interface TmdbPass {
  refreshed: number;
  skipped: number;
  /** The reason (source-status code) that stopped the pass. */
  stoppedBy: string | null;
  firstItemFailure: string | null;
  /** Series whose own facts changed: they are published whole. */
  seriesChanged: number[];
}

export async function tmdbPass(
  deps: { db: Db; log: Logger },
  client: TmdbClient,
  items: DueItem[],
  run: { now: Date; dates: DateSanitiser },
): Promise<TmdbPass> {
  const pass: TmdbPass = {
    refreshed: 0,
    skipped: 0,
    stoppedBy: null,
    firstItemFailure: null,
    seriesChanged: [],
  };
  let next = 0;
  const worker = async () => {
    while (pass.stoppedBy === null && next < items.length) {
      const item = items[next++] as DueItem;
      try {
        if (await enrich(deps.db, client, item, run)) {
          pass.refreshed += 1;
          if (item.kind === 'series') pass.seriesChanged.push(item.id);
        } else {
          skip(pass, 'http_404');
        }
      } catch (error) {
        if (!(error instanceof IntegrationError)) throw error;
        if (tmdbFailure(error.reason, error.status) === 'stop') pass.stoppedBy ??= error.code;
        else skip(pass, error.code);
        deps.log.warn({ tmdb_id: item.tmdbId, code: error.code }, 'TMDB enrichment failed');
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return pass;
}

/** False when TMDB does not know the item. */
async function enrich(
  db: Db,
  client: TmdbClient,
  item: DueItem,
  run: { now: Date; dates: DateSanitiser },
): Promise<boolean> {
  if (item.kind === 'movie') {
    const movie = await client.movie(item.tmdbId);
    if (movie) await writeMovieMetadata(db, item.id, movieMetadata(movie, run.dates), run.now);
    return movie !== null;
  }
  const tv = await client.tv(item.tmdbId);
  if (tv) await writeSeriesMetadata(db, item.id, seriesMetadata(tv, run.dates), run.now);
  return tv !== null;
}

function skip(pass: TmdbPass, code: string): void {
  pass.skipped += 1;
  pass.firstItemFailure ??= code;
}
