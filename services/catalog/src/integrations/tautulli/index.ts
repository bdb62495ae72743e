export { TautulliClient } from './client';
