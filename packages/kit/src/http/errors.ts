import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { AppError, ServiceUnavailable } from '../errors';
import type { Logger } from '../logger';
import { sendProblem } from './problem';

export function notFoundHandler(req: Request, res: Response): void {
  sendProblem(res, 404, 'not_found', `No route matches ${req.method} ${req.path}.`);
}

/** Errors raised by express.json (body-parser) carry a `type`. */
interface ParserError {
  type?: string;
  status?: number;
}

const PARSER_PROBLEMS: Record<string, [number, string, string]> = {
  'entity.too.large': [413, 'payload_too_large', 'The request body is too large.'],
  'entity.parse.failed': [400, 'malformed_json', 'The request body is not valid JSON.'],
  'encoding.unsupported': [
    415,
    'unsupported_media_type',
    'The request body encoding is not supported.',
  ],
  'charset.unsupported': [
    415,
    'unsupported_media_type',
    'The request body encoding is not supported.',
  ],
};

/** Prisma's known request errors, recognised by shape so the kit does not import Prisma. */
interface PrismaKnownError {
  name: string;
  code: string;
}

function isPrismaKnownError(error: unknown): error is PrismaKnownError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as PrismaKnownError).name === 'PrismaClientKnownRequestError'
  );
}

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
const PG_CONNECTION_MESSAGES = /^(timeout exceeded when trying to connect|Connection terminated)/;

interface DriverFailure {
  name?: string;
  code?: string;
  originalCode?: string;
  severity?: string;
  kind?: string;
  message?: string;
  meta?: { driverAdapterError?: { cause?: DriverFailure } };
}

function isDatabaseUnavailable(error: unknown): boolean {
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

/** The single place where exceptions become problem+json responses. */
export function errorHandler(log: Logger) {
  return (thrown: unknown, req: Request, res: Response, _next: NextFunction): void => {
    let error = thrown;
    if (isDatabaseUnavailable(thrown)) {
      // Expected while the database restarts or is overloaded: clients retry (external-api.md
      // 1.9); operators find the cause in the log, never in the response.
      log.warn({ err: thrown, method: req.method, path: req.path }, 'database unavailable');
      error = new ServiceUnavailable(
        'service_unavailable',
        'The database cannot be reached right now; try again shortly.',
      );
    }
    if (res.headersSent) {
      log.warn({ err: error }, 'error after response started');
      res.end();
      return;
    }
    if (error instanceof AppError) {
      sendProblem(res, error.status, error.code, error.message, error.extra);
      return;
    }
    const parserProblem = PARSER_PROBLEMS[(error as ParserError).type ?? ''];
    if (parserProblem) {
      sendProblem(res, ...parserProblem);
      return;
    }
    if (isPrismaKnownError(error) && error.code === 'P2025') {
      sendProblem(res, 404, 'not_found', 'The requested record was not found.');
      return;
    }
    if (isPrismaKnownError(error) && error.code === 'P2002') {
      sendProblem(res, 409, 'conflict', 'The record conflicts with an existing one.');
      return;
    }
    // Unknown failure: the stack goes to the log under an error id, never into the response.
    const errorId = randomUUID();
    log.error(
      { err: error, error_id: errorId, method: req.method, path: req.path },
      'unhandled error',
    );
    sendProblem(res, 500, 'internal_error', 'An unexpected error occurred.', {
      fields: { error_id: errorId },
    });
  };
}
