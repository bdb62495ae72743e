// One jest run for the whole workspace. Each test file gets its own database, broker namespace
// and Redis prefix (packages/kit/src/testing), so files run in parallel safely.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/infra', '<rootDir>/test'],
  testMatch: ['**/test/**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)s$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  // openapi-backend needs @apidevtools/json-schema-ref-parser, which ships ESM only; jest (on
  // Node 20) cannot require ESM, so that one package is compiled to CommonJS like our sources.
  transformIgnorePatterns: [
    '/node_modules/(?!\\.pnpm/@apidevtools\\+json-schema-ref-parser|@apidevtools/json-schema-ref-parser)',
  ],
  moduleNameMapper: {
    '^@mcs/contracts$': '<rootDir>/packages/contracts/src/index.ts',
    '^@mcs/kit$': '<rootDir>/packages/kit/src/index.ts',
    '^@mcs/kit/testing$': '<rootDir>/packages/kit/src/testing/index.ts',
  },
  globalSetup: '<rootDir>/packages/kit/src/testing/global-setup.ts',
  // Every test file runs with the network sealed: only this machine answers (STYLE 11).
  setupFiles: ['<rootDir>/test/setup/seal-network.ts'],
  testTimeout: 30000,
  maxWorkers: '100%',
};
