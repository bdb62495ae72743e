// The end-to-end journeys (test/e2e, `pnpm test:e2e`): the five built services as real processes
// and the library simulator, set up by scripts/demo.js, driven through the typed external
// client. Run after the rest of the suite, one file at a time.
const base = require('./jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  roots: ['<rootDir>/test/e2e'],
  testPathIgnorePatterns: ['/node_modules/'],
  maxWorkers: 1,
};
