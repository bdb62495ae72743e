// One jest run for the whole workspace. Each test file gets its own database, broker namespace
// and Redis prefix (packages/kit/src/testing), so files run in parallel safely.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/infra', '<rootDir>/test'],
  testMatch: ['**/test/**/*.test.ts'],
  // The browser tests run after the rest (jest.web.config.js): Chromium on a 2-core machine
  // would otherwise slow the CPU-bound tests beside it past their limits.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/web/', '<rootDir>/test/e2e/'],
  transform: {
    '^.+\\.(t|j)s$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  // Packages that ship ESM only, which jest (on Node 20) cannot require, are compiled to
  // CommonJS like our sources: openapi-backend's @apidevtools/json-schema-ref-parser, and the
  // gateway's openid-client with its oauth4webapi and jose (the build loads it with a real
  // import(), which jest's module registry would need --experimental-vm-modules for).
  transformIgnorePatterns: [
    '/node_modules/(?!\\.pnpm/(@apidevtools\\+json-schema-ref-parser|openid-client|oauth4webapi|jose)@|(@apidevtools/json-schema-ref-parser|openid-client|oauth4webapi|jose)/)',
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
