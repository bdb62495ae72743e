import { iso, isoOrNull } from '@mcs/kit';
import { isMediaServer, type ServiceConfigRecord } from '../domain/service-config';
import type { LibraryRecord } from './library.repository';

/** ServiceView of internal-api.md 6.2: never the API key, only whether one is set. */
export function serviceView(record: ServiceConfigRecord, libraries: LibraryRecord[]) {
  return {
    id: record.id,
    service_type: record.serviceType,
    name: record.name,
    base_url: record.baseUrl,
    api_key_set: record.apiKeyEncrypted !== '',
    enabled: record.enabled,
    is_main: record.isMain,
    timeout_seconds: record.timeoutSeconds,
    verify_tls: record.verifyTls,
    options: record.options,
    libraries: isMediaServer(record.serviceType)
      ? libraries
          .filter((library) => library.serviceConfigId === record.id && !library.removedAt)
          .map((library) => ({
            id: library.id,
            name: library.name,
            media_type: library.mediaType,
            enabled: library.enabled,
            item_count: library.itemCount,
          }))
      : [],
    status: {
      state: stateOf(record),
      last_ok_at: isoOrNull(record.lastOkAt),
      last_error: record.lastError,
    },
    created_at: iso(record.createdAt),
    updated_at: iso(record.updatedAt),
  };
}

export type ServiceView = ReturnType<typeof serviceView>;

function stateOf(record: ServiceConfigRecord): 'ok' | 'unavailable' | 'disabled' | 'unknown' {
  if (!record.enabled) return 'disabled';
  if (record.lastError) return 'unavailable';
  return record.lastOkAt ? 'ok' : 'unknown';
}
