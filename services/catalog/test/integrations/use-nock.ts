import nock from 'nock';

/**
 * nock stands in for the external systems in this file (the network itself is sealed for every
 * test file, test/setup/seal-network.ts): a test's interceptors and the requests still waiting
 * on them end with the test.
 */
export function useNock(): void {
  afterEach(() => {
    nock.abortPendingRequests();
    nock.cleanAll();
  });
  // nock patches node:http, which jest shares between the test files one worker runs: a later
  // file would otherwise send its real requests through nock's interceptor (which, for one,
  // does not keep connections alive).
  afterAll(() => {
    nock.restore();
  });
}
