export { TmdbClient } from './client';
export type { TmdbExternalIds, TmdbMovie, TmdbTv } from './api-types';
export * from './normalize';
