import { createServer } from 'node:net';

/**
 * A port nothing listens on: a service or receiver behind it is "down", and connections to it
 * are refused at once. It lies below the kernel's ephemeral range, so no server listening on
 * port 0 can take it. A port bound and released here could be taken: in CI another worker's
 * server got one, and a "down" scheduler answered 404. (Not port 1: fetch refuses it, as one of
 * its "bad ports", before connecting.)
 */
export const CLOSED_PORT = 2;

/** A free port for a server the test starts later on it (bound once, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
