import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { isDatabaseUnavailable } from '../data/unavailable';
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
