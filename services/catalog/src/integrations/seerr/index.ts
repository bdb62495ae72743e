export { SeerrClient } from './client';
export type { SeerrRequest, SeerrRequestStatus, SeerrStatus, SeerrUser } from './records';
