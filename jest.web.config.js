// The browser tests (test/web): the real services and the library simulator behind a gateway
// serving the built UI, driven in Debian's chromium. Run after the rest of the suite, one file
// at a time, so each has the machine to itself (`pnpm test:web` runs only these).
const base = require('./jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  roots: ['<rootDir>/test/web'],
  testPathIgnorePatterns: ['/node_modules/'],
  maxWorkers: 1,
};
