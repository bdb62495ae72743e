import type { MessagePayload } from '@mcs/contracts';
import { num, raw } from '@mcs/kit';
import type { MediaKey, MediaType } from '../domain/target';
import type { Tx } from '../db';

/**
 * Cleanup's projection of catalog's media (architecture.md: each service answers from its own
 * data). Items carry `as_of`; a message older than what is stored changes nothing, so
 * redelivered or reordered messages are harmless.
 */
export type ItemFacts = MessagePayload<'media.items_upserted'>['items'][number];
export type SeriesParts = MessagePayload<'media.series_parts_upserted'>['items'][number];
type MovieFacts = Extract<ItemFacts, { media_type: 'movie' }>;
type SeriesFacts = Extract<ItemFacts, { media_type: 'series' }>;
/** What a series' child rows are built from: its full facts or its changed parts. */
type SeriesChildren = Pick<SeriesFacts, 'media_id' | 'seasons' | 'episodes' | 'episode_files'>;

const keyOf = (item: { media_type: string; media_id: number }) =>
  `${item.media_type}:${item.media_id}`;

/** The newest of each key's items (a batch may, in principle, repeat an item). */
export function newestOf<T extends { as_of: string }>(items: T[], key: (item: T) => string) {
  const newest = new Map<string, T>();
  for (const item of items) {
    const seen = newest.get(key(item));
    if (!seen || Date.parse(seen.as_of) < Date.parse(item.as_of)) newest.set(key(item), item);
  }
  return newest;
}

/** Applies full item facts; returns the items that were newer than the stored ones. */
export async function upsertMediaItems(tx: Tx, items: ItemFacts[]): Promise<MediaKey[]> {
  const newest = newestOf(items, keyOf);
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
  const series = fresh.filter((i): i is SeriesFacts => i.media_type === 'series');
  const children = seriesChildRows(series);
  await replaceChildren(tx, SEASONS, series, children.seasons);
  await replaceChildren(tx, EPISODES, series, children.episodes);
  await replaceChildren(tx, EPISODE_FILES, series, children.files);
  return keys;
}

/**
 * Applies the changed parts of series the projection holds, each only when newer than the
 * stored series: the root facts are replaced, the listed children upserted, the others kept
 * (they leave through their own removal events). Parts of a series not held are ignored: the
 * full facts they patch are missing, and a partial series must not look complete to a rule.
 */
export async function upsertSeriesParts(tx: Tx, items: SeriesParts[]): Promise<MediaKey[]> {
  const newest = newestOf(items, (item) => String(item.media_id));
  const rows = [...newest.values()].map((item) => ({
    media_id: item.media_id,
    tmdb_id: item.series.tmdb_id,
    title: item.series.title,
    year: item.series.year,
    facts: item.series,
    as_of: item.as_of,
  }));
  const applied = await tx.$queryRaw<{ media_id: bigint }[]>`
    UPDATE media_items m SET tmdb_id = x.tmdb_id, title = x.title, year = x.year,
           facts = x.facts, as_of = x.as_of
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(media_id bigint,
           tmdb_id bigint, title text, year int, facts jsonb, as_of timestamptz)
     WHERE m.media_type = 'series' AND m.media_id = x.media_id AND m.as_of < x.as_of
    RETURNING m.media_id`;
  const fresh = applied.map((row) => newest.get(String(num(row.media_id))) as SeriesParts);
  const children = seriesChildRows(fresh);
  await upsertChildren(tx, SEASONS, children.seasons);
  await upsertChildren(tx, EPISODES, children.episodes);
  await upsertChildren(tx, EPISODE_FILES, children.files);
  return applied.map((row) => ({ mediaType: 'series', mediaId: num(row.media_id) }));
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

function seriesChildRows(series: SeriesChildren[]) {
  const part = <T>(pick: (s: SeriesChildren) => T[], row: (s: SeriesChildren, x: T) => ChildRow) =>
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
  return { seasons, episodes, files };
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
  await upsertChildren(tx, spec, rows);
}

/** Inserts or updates child rows by id; other rows of their parents stay. */
async function upsertChildren(tx: Tx, spec: ChildTable, rows: ChildRow[]): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(spec.columns);
  const definition = names.map((name) => `${name} ${spec.columns[name]}`).join(', ');
  const updates = names.map((name) => `${name} = EXCLUDED.${name}`).join(', ');
  await tx.$executeRaw`INSERT INTO ${raw(spec.table)} (${raw(names.join(', '))})
    SELECT ${raw(names.join(', '))}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(${raw(definition)})
    ON CONFLICT (id) DO UPDATE SET ${raw(updates)}`;
}

/**
 * Until the transaction ends, one transaction at a time decides whether to ask catalog for a
 * backfill; true when the projection is empty and no request waits in the outbox.
 */
export async function backfillNeededLocked(tx: Tx): Promise<boolean> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('cleanup.media_backfill'))`;
  if ((await tx.mediaItem.count()) > 0) return false;
  const pending = await tx.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM outbox WHERE routing_key = 'catalog.media.backfill'`;
  return Number(pending[0]?.n ?? 0) === 0;
}
