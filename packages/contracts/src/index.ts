export * from './dashboard-parts';
export * from './documents';
export * from './messages';
export * from './notification-channels';
export * from './problems';
export * from './scopes';
export type * as Events from './generated/events';
export type * as ExternalApi from './generated/external-v1';
export type * as InternalApi from './generated/internal';
