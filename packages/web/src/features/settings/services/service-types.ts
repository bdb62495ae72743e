import type { Schemas } from '../../../api/client';

export type ServiceType = Schemas['ServiceType'];

/** Every contract service type (a Record, so a new type fails to compile until named here). */
const LABELS: Record<ServiceType, string> = {
  jellyfin: 'Jellyfin',
  emby: 'Emby',
  plex: 'Plex',
  radarr: 'Radarr',
  sonarr: 'Sonarr',
  seerr: 'Seerr',
  tautulli: 'Tautulli',
};

export const SERVICE_TYPES = Object.keys(LABELS) as ServiceType[];

export function serviceTypeLabel(type: ServiceType): string {
  return LABELS[type];
}

/** Only media servers can be the main one (internal-api §6.2). */
export function isMediaServer(type: ServiceType): boolean {
  return type === 'jellyfin' || type === 'emby' || type === 'plex';
}
