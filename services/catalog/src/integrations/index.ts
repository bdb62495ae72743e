/**
 * Clients of the systems catalog talks to (§2). Each is a thin, typed wrapper over the shared
 * HTTP policy (http.ts) that returns neutral records; no sync or routing logic lives here.
 */
export * from './arr/records';
export { CONCURRENCY, type ClientConfig } from './config';
export { DateSanitiser, parseExternalDate } from './dates';
export { IntegrationError, type FailureReason, type IntegrationSystem } from './errors';
export * from './ids';
export * from './media-info';
export * from './records';
export { JellyfinClient, type JellyfinConfig, type ListOptions } from './jellyfin';
export { PlexClient, type PlexConfig } from './plex';
export { RadarrClient, type DeleteMovieOptions } from './radarr';
export { SonarrClient, type DeleteSeriesOptions } from './sonarr';
export * from './seerr';
export { TautulliClient } from './tautulli';
