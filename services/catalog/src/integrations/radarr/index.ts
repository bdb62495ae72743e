export { RadarrClient, type DeleteMovieOptions } from './client';
