import type { InternalApi } from '@mcs/contracts';
import type { Request, Response } from 'express';
import type { ActiveSession } from './sessions/session.service';

/** A response as the gateway forwards, stores or answers it itself. */
export interface Outcome {
  status: number;
  contentType: string;
  body: unknown;
  /** A stored outcome was replayed instead of executing again. */
  replayed?: boolean;
  /** The bytes as the owning service sent them, when the outcome was forwarded. */
  raw?: Buffer;
  /** No route of the owning service answered (not built yet): never stored. */
  unrouted?: boolean;
}

export function json(status: number, body: unknown): Outcome {
  return { status, contentType: 'application/json; charset=utf-8', body };
}

/** What a gateway-owned internal operation receives from the internal pipeline. */
export interface HandlerContext {
  req: Request;
  res: Response;
  session: ActiveSession | undefined;
  body: Record<string, unknown>;
  query: Record<string, string | string[]>;
  params: Record<string, string>;
}

export type Handler = (context: HandlerContext) => Promise<Outcome>;

type Operations = InternalApi.operations;

/** The JSON request body the internal contract gives an operation. */
export type RequestBody<Id extends keyof Operations> = Operations[Id] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

export type OperationContext<Id extends keyof Operations> = HandlerContext & {
  body: RequestBody<Id>;
};

/**
 * A gateway handler whose body has its operation's contract type. The internal API validates
 * every body against that operation's request schema before it dispatches, so by the time a
 * handler runs the body has this shape; this is the one place that says so to the compiler.
 */
export function operation<Id extends keyof Operations>(
  handle: (context: OperationContext<Id>) => ReturnType<Handler>,
): Handler {
  return (context) => handle(context as OperationContext<Id>);
}
