export { SonarrClient, type DeleteSeriesOptions } from './client';
