/**
 * Failures that say "the database cannot be used right now", not "this query is wrong", as
 * they actually arrive (reproduced in services/gateway/test/database-down.test.ts):
 * - pg: a DatabaseError with a SQLSTATE, a socket error (ECONNREFUSED…), or a bare Error
 *   from the pool or client ("timeout exceeded when trying to connect", "Connection
 *   terminated unexpectedly").
 * - Prisma 7 over @prisma/adapter-pg: a PrismaClientKnownRequestError whose P1xxx/P2037 code
 *   says so, or a generic P2010/P2039 whose meta.driverAdapterError.cause is the pg error
 *   mapped to { kind, originalCode, severity }. The bare pool errors pass through unwrapped.
 */
const CONNECTION_SQLSTATES = new Set([
  '53300', // too_many_connections
  '57P01', // admin_shutdown (pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
]);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE']);
const ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);
// P1001 can't reach, P1002 timed out, P1017 server closed the connection, P2037 too many.
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2037']);
// pg's own, without a SQLSTATE: the pool's, a connection that ended, and a client asked again
// after its connection failed (a transaction whose connection died mid-request).
const PG_CONNECTION_MESSAGES =
  /^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error)/;

interface DriverFailure {
  name?: string;
  code?: string;
  originalCode?: string;
  severity?: string;
  kind?: string;
  message?: string;
  meta?: { driverAdapterError?: { cause?: DriverFailure } };
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const failure = error as DriverFailure;
  if (failure.name === 'PrismaClientKnownRequestError') {
    if (PRISMA_CODES.has(failure.code ?? '')) return true;
    const cause = failure.meta?.driverAdapterError?.cause;
    return cause !== undefined && isDatabaseUnavailable(cause);
  }
  const sqlState = failure.originalCode ?? failure.code ?? '';
  return (
    // Class 08 is "connection exception". FATAL ends the session before or instead of the
    // query (e.g. 55000 "database … is not currently accepting connections"): never bad data.
    (sqlState.startsWith('08') && sqlState !== '08P01') || // 08P01: a client bug, not an outage
    CONNECTION_SQLSTATES.has(sqlState) ||
    SOCKET_CODES.has(sqlState) ||
    failure.severity === 'FATAL' ||
    failure.severity === 'PANIC' ||
    ADAPTER_KINDS.has(failure.kind ?? '') ||
    (error instanceof Error && PG_CONNECTION_MESSAGES.test(error.message))
  );
}
