export * from './clock';
export * from './env';
export * from './names';
export * from './template';
export * from './wait';
export * from './drift';
export * from './broker';
export * from './signed';
