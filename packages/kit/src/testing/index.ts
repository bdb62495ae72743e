export * from './env';
export * from './names';
export * from './template';
export * from './wait';
