export { ImdbDatasetClient, type DatasetOptions, type DatasetRead } from './client';
export type { ImdbRating } from './ratings-lines';
