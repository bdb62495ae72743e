import { num, numOrNull, sql } from '@mcs/kit';
/** Columns of a physical file as the sync stores it (movie versions and episode files alike). */
import { fingerprintOf, type KnownFile, type ObservedFile } from '../domain/file-identity';
import type { MediaFileRecord } from '../integrations/records';
import type { Tx } from '../db';
import type { Columns, Row } from './rows';

export const FILE_COLUMNS: Columns = {
  path: 'text',
  file_name: 'text',
  size_bytes: 'bigint',
  duration_ms: 'bigint',
  container: 'text',
  width: 'int',
  height: 'int',
  resolution: 'text',
  video_codec: 'text',
  hdr: 'boolean',
  dolby_vision: 'boolean',
  bitrate_kbps: 'int',
  added_at: 'timestamptz',
  fingerprint: 'text',
  server_file_id: 'text',
  arr_key: 'text',
};

/** What the stored file row should hold for an observed file. */
export function fileRow(file: MediaFileRecord, arrKey: string | null, stored?: Row): Row {
  return {
    path: file.path,
    file_name: file.fileName,
    size_bytes: file.sizeBytes,
    duration_ms: file.durationMs,
    container: file.container,
    width: file.width,
    height: file.height,
    resolution: file.resolution,
    video_codec: file.videoCodec,
    hdr: file.hdr,
    dolby_vision: file.dolbyVision,
    bitrate_kbps: file.bitrateKbps,
    added_at: file.addedAt?.toISOString() ?? null,
    fingerprint: fingerprintOf(file),
    server_file_id: file.externalId,
    // A file keeps the Arr link it had when the server cannot tell (the link step sets it).
    arr_key: arrKey ?? stored?.arr_key ?? null,
  };
}

export interface StoredFile extends Row {
  id: bigint;
  path: string;
  size_bytes: bigint | null;
  duration_ms: bigint | null;
  arr_key: string | null;
}

export function knownFile(row: StoredFile): KnownFile {
  return {
    id: num(row.id),
    path: row.path,
    sizeBytes: numOrNull(row.size_bytes),
    durationMs: numOrNull(row.duration_ms),
    arrKey: row.arr_key,
  };
}

export function observedFile(file: MediaFileRecord, arrKey: string | null): ObservedFile {
  return { path: file.path, sizeBytes: file.sizeBytes, durationMs: file.durationMs, arrKey };
}

/**
 * Arr file keys of observed paths, for identity rule 1 (same Radarr/Sonarr file id). Uses
 * the Arr state read earlier in this run.
 */
export async function arrKeysByPath(
  tx: Tx,
  table: 'arr_movies' | 'arr_episodes',
  paths: string[],
): Promise<Map<string, string>> {
  if (paths.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ file_path: string; arr_key: string }[]>`
    SELECT file_path, service_config_id || ':' || file_id AS arr_key
      FROM ${rawTable(table)}
     WHERE file_path = ANY(${paths}::text[]) AND file_id IS NOT NULL`;
  return new Map(rows.map((row) => [row.file_path, row.arr_key]));
}

function rawTable(table: 'arr_movies' | 'arr_episodes') {
  return table === 'arr_movies' ? sql`arr_movies` : sql`arr_episodes`;
}
