/** Service configurations (domain.md 2.1) and the rules of saving them (internal-api.md 6.2). */
import { secretsToEnterAgain } from '@mcs/kit';

export const SERVICE_TYPES = [
  'jellyfin',
  'emby',
  'plex',
  'radarr',
  'sonarr',
  'seerr',
  'tautulli',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const MEDIA_SERVER_TYPES: readonly ServiceType[] = ['jellyfin', 'emby', 'plex'];

export function isMediaServer(type: ServiceType): boolean {
  return MEDIA_SERVER_TYPES.includes(type);
}

export interface ServiceConfigRecord {
  id: number;
  serviceType: ServiceType;
  name: string;
  baseUrl: string;
  /** Sealed (encrypted); opened only to build a client. */
  apiKeyEncrypted: string;
  enabled: boolean;
  isMain: boolean;
  timeoutSeconds: number;
  verifyTls: boolean;
  options: Record<string, unknown>;
  lastOkAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What POST /api/settings/save/service asks for, after syntactic validation. */
export interface SaveServiceRequest {
  id: number | undefined;
  serviceType: ServiceType;
  name: string;
  baseUrl: string;
  apiKey: string | undefined;
  enabled: boolean;
  isMain: boolean | undefined;
  timeoutSeconds: number | undefined;
  verifyTls: boolean | undefined;
  options: Record<string, unknown> | undefined;
  libraries: { id: number; enabled: boolean }[] | undefined;
}

/** The stored fields a save results in (the key is sealed separately). */
export interface ServiceSettings {
  serviceType: ServiceType;
  name: string;
  baseUrl: string;
  enabled: boolean;
  isMain: boolean;
  timeoutSeconds: number;
  verifyTls: boolean;
  options: Record<string, unknown>;
}

export type SaveRefusal =
  | { status: 409; code: 'main_server_conflict'; detail: string }
  | { status: 422; field: string; detail: string };

/**
 * Decides what a save stores, or why it is refused (pure). Omitted fields keep their stored
 * values on update; the API key only while the origin (scheme, host, port) stays the same. The
 * main server must be an enabled media server; it stops being main only when another server is
 * made main (internal-api.md 6.2).
 */
export function planSave(
  existing: ServiceConfigRecord | null,
  request: SaveServiceRequest,
): { settings: ServiceSettings } | { refusal: SaveRefusal } {
  if (existing && existing.serviceType !== request.serviceType)
    return refuse422('service_type', 'The type of a saved service cannot change.');
  if (!existing && request.apiKey === undefined)
    return refuse422('api_key', 'An API key is required for a new service.');
  // The stored key belongs to the host it was entered for; it never follows the URL elsewhere.
  const keptKey = request.apiKey === undefined ? (['api_key'] as const) : [];
  const [again] = existing ? secretsToEnterAgain(existing.baseUrl, request.baseUrl, keptKey) : [];
  if (again)
    return refuse422(again, 'The base URL points to another host; enter its API key again.');
  const isMain = request.isMain ?? existing?.isMain ?? false;
  if (isMain && !isMediaServer(request.serviceType))
    return refuse422('is_main', 'Only Jellyfin, Emby or Plex can be the main media server.');
  if (existing?.isMain && request.isMain === false)
    return conflict('This is the main media server; make another server main instead.');
  if (existing?.isMain && !request.enabled)
    return conflict('The main media server cannot be disabled; make another server main first.');
  if (isMain && !request.enabled)
    return refuse422('is_main', 'The main media server must be enabled.');
  return {
    settings: {
      serviceType: request.serviceType,
      name: request.name,
      baseUrl: request.baseUrl,
      enabled: request.enabled,
      isMain,
      timeoutSeconds: request.timeoutSeconds ?? existing?.timeoutSeconds ?? 30,
      verifyTls: request.verifyTls ?? existing?.verifyTls ?? true,
      options: optionsFor(request.serviceType, request.options ?? existing?.options ?? {}),
    },
  };
}

/** Only the options a type knows are kept (domain.md 2.1). */
function optionsFor(type: ServiceType, options: Record<string, unknown>): Record<string, unknown> {
  if (type === 'seerr')
    return { clear_request_on_delete: options.clear_request_on_delete !== false };
  if (type === 'tautulli' && typeof options.plex_service_config_id === 'number')
    return { plex_service_config_id: options.plex_service_config_id };
  return {};
}

function refuse422(field: string, detail: string): { refusal: SaveRefusal } {
  return { refusal: { status: 422, field, detail } };
}

function conflict(detail: string): { refusal: SaveRefusal } {
  return { refusal: { status: 409, code: 'main_server_conflict', detail } };
}
