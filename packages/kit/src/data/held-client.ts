import type { Pool, PoolClient } from 'pg';

/**
 * A pooled client held across awaits (a transaction, an advisory lock around work). pg reports
 * a connection lost between two queries — PostgreSQL restarting, a test database dropped at
 * teardown — as an 'error' event on the client, which nothing handles while it is checked out,
 * so the process would crash. Held here, the loss is kept instead: the next query on the client
 * fails with the cause, and `release` drops the dead connection from the pool.
 */
export async function holdClient(pool: Pool): Promise<{ client: PoolClient; release: () => void }> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on('error', onError);
  return {
    client,
    release: () => {
      client.off('error', onError);
      client.release(lost);
    },
  };
}
