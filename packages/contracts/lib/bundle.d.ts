/** See bundle.js. */
export declare function bundle<T extends object>(document: T, prefix: string, source: object): T;
