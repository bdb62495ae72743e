export { PlexClient, type PlexConfig } from './client';
