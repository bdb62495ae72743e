import type { InternalApi } from '@mcs/contracts';
import type { Handler, HandlerContext } from '../http/internal';

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
