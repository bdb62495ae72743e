export * from './documents';
export * from './messages';
export type * as ExternalApi from './generated/external-v1';
export type * as InternalApi from './generated/internal';
