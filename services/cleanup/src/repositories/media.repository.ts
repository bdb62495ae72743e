import type { MessagePayload } from '@mcs/contracts';
import type { MediaType } from '../domain/target';
import type { MediaKey } from './candidate.repository';
import { num, raw, type Tx } from './sql';

/**
 * Cleanup's projection of catalog's media (architecture.md: each service answers from its own
 * data). Items carry `as_of`; a message older than what is stored changes nothing, so
 * redelivered or reordered messages are harmless.
 */
export type ItemFacts = MessagePayload<'media.items_upserted'>['items'][number];
type MovieFacts = Extract<ItemFacts, { media_type: 'movie' }>;
type SeriesFacts = Extract<ItemFacts, { media_type: 'series' }>;

const keyOf = (item: { media_type: string; media_id: number }) =>
  `${item.media_type}:${item.media_id}`;

/** Applies full item facts; returns the items that were newer than the stored ones. */
export async function upsertMediaItems(tx: Tx, items: ItemFacts[]): Promise<MediaKey[]> {
  const newest = new Map<string, ItemFacts>();
  for (const item of items) {
    const seen = newest.get(keyOf(item));
    if (!seen || Date.parse(seen.as_of) < Date.parse(item.as_of)) newest.set(keyOf(item), item);
  }
  const rows = [...newest.values()].map((item) => ({
    media_type: item.media_type,
    media_id: item.media_id,
    tmdb_id: item.tmdb_id,
    title: item.title,
    year: item.year,
    facts: rootFacts(item),
    as_of: item.as_of,
  }));
  const applied = await tx.$queryRaw<{ media_type: MediaType; media_id: bigint }[]>`
    INSERT INTO media_items AS m (media_type, media_id, tmdb_id, title, year, facts, as_of)
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(media_type text,
      media_id bigint, tmdb_id bigint, title text, year int, facts jsonb, as_of timestamptz)
    ON CONFLICT (media_type, media_id) DO UPDATE SET tmdb_id = EXCLUDED.tmdb_id,
      title = EXCLUDED.title, year = EXCLUDED.year, facts = EXCLUDED.facts, as_of = EXCLUDED.as_of
    WHERE m.as_of < EXCLUDED.as_of
    RETURNING m.media_type, m.media_id`;
  const keys = applied.map((row) => ({ mediaType: row.media_type, mediaId: num(row.media_id) }));
  const fresh = keys.map((key) => newest.get(`${key.mediaType}:${key.mediaId}`) as ItemFacts);
  await replaceVersions(
    tx,
    fresh.filter((i): i is MovieFacts => i.media_type === 'movie'),
  );
  await replaceSeriesParts(
    tx,
    fresh.filter((i): i is SeriesFacts => i.media_type === 'series'),
  );
  return keys;
}

/** The item's own facts, without its child lists (those get rows of their own). */
function rootFacts(item: ItemFacts): Record<string, unknown> {
  const facts: Record<string, unknown> = { ...item };
  for (const child of ['versions', 'seasons', 'episodes', 'episode_files']) delete facts[child];
  return facts;
}

async function replaceVersions(tx: Tx, movies: MovieFacts[]) {
  const rows = movies.flatMap((movie) =>
    movie.versions.map((v) => ({
      id: v.version_id,
      movie_id: movie.media_id,
      file_name: v.file_name,
      size_bytes: v.size_bytes,
      resolution: v.resolution,
      video_codec: v.video_codec,
      hdr: v.hdr,
      dolby_vision: v.dolby_vision,
      facts: v,
    })),
  );
  await replaceChildren(tx, VERSIONS, movies, rows);
}

async function replaceSeriesParts(tx: Tx, series: SeriesFacts[]) {
  const part = <T>(pick: (s: SeriesFacts) => T[], row: (s: SeriesFacts, x: T) => ChildRow) =>
    series.flatMap((s) => pick(s).map((x) => row(s, x)));
  const seasons = part(
    (s) => s.seasons,
    (s, x) => ({
      id: x.season_id,
      series_id: s.media_id,
      season_number: x.season_number,
      facts: x,
    }),
  );
  const episodes = part(
    (s) => s.episodes,
    (s, x) => ({
      id: x.episode_id,
      series_id: s.media_id,
      season_id: x.season_id,
      season_number: x.season_number,
      episode_number: x.episode_number,
      episode_file_id: x.episode_file_id,
      facts: x,
    }),
  );
  const files = part(
    (s) => s.episode_files,
    (s, x) => ({
      id: x.episode_file_id,
      series_id: s.media_id,
      episode_ids: x.episode_ids,
      size_bytes: x.size_bytes,
      facts: x,
    }),
  );
  await replaceChildren(tx, SEASONS, series, seasons);
  await replaceChildren(tx, EPISODES, series, episodes);
  await replaceChildren(tx, EPISODE_FILES, series, files);
}

interface ChildRow {
  id: number;
  [column: string]: unknown;
}

/** A child table: its name, the column naming the root item, and every column's SQL type. */
interface ChildTable {
  table: string;
  parent: string;
  columns: Record<string, string>;
}

const VERSIONS: ChildTable = {
  table: 'movie_versions',
  parent: 'movie_id',
  columns: {
    id: 'bigint',
    movie_id: 'bigint',
    file_name: 'text',
    size_bytes: 'bigint',
    resolution: 'text',
    video_codec: 'text',
    hdr: 'boolean',
    dolby_vision: 'boolean',
    facts: 'jsonb',
  },
};
const SEASONS: ChildTable = {
  table: 'seasons',
  parent: 'series_id',
  columns: { id: 'bigint', series_id: 'bigint', season_number: 'int', facts: 'jsonb' },
};
const EPISODES: ChildTable = {
  table: 'episodes',
  parent: 'series_id',
  columns: {
    id: 'bigint',
    series_id: 'bigint',
    season_id: 'bigint',
    season_number: 'int',
    episode_number: 'int',
    episode_file_id: 'bigint',
    facts: 'jsonb',
  },
};
const EPISODE_FILES: ChildTable = {
  table: 'episode_files',
  parent: 'series_id',
  columns: {
    id: 'bigint',
    series_id: 'bigint',
    episode_ids: 'bigint[]',
    size_bytes: 'bigint',
    facts: 'jsonb',
  },
};

/** The facts list is the whole current set: rows of these parents not in it are dropped. */
async function replaceChildren(
  tx: Tx,
  spec: ChildTable,
  parents: { media_id: number }[],
  rows: ChildRow[],
): Promise<void> {
  if (parents.length === 0) return;
  await tx.$executeRaw`DELETE FROM ${raw(spec.table)}
    WHERE ${raw(spec.parent)} = ANY(${parents.map((p) => p.media_id)}::bigint[])
      AND NOT (id = ANY(${rows.map((row) => row.id)}::bigint[]))`;
  if (rows.length === 0) return;
  const names = Object.keys(spec.columns);
  const definition = names.map((name) => `${name} ${spec.columns[name]}`).join(', ');
  const updates = names.map((name) => `${name} = EXCLUDED.${name}`).join(', ');
  await tx.$executeRaw`INSERT INTO ${raw(spec.table)} (${raw(names.join(', '))})
    SELECT ${raw(names.join(', '))}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(${raw(definition)})
    ON CONFLICT (id) DO UPDATE SET ${raw(updates)}`;
}
