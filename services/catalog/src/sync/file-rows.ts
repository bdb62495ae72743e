import { num, numOrNull } from '@mcs/kit';
/** Columns of a physical file as the sync stores it (movie versions and episode files alike). */
import { fingerprintOf, type KnownFile, type ObservedFile } from '../domain/file-identity';
import type { MediaFileRecord } from '../integrations/records';
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
