import type { Schemas } from './client';

export type Problem = Schemas['Problem'];

function isProblem(value: unknown): value is Problem {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'title' in value &&
    'detail' in value
  );
}

/** An error body from the API, or a network failure described like one. */
export function asProblem(error: unknown): Problem {
  if (isProblem(error)) return error;
  return {
    type: 'about:blank',
    title: 'Request failed',
    status: 0,
    detail: error instanceof Error ? error.message : 'The request could not be completed.',
    code: 'network_error',
    request_id: '',
  };
}

/** The message of the validation error placed on one field (`name` or `a.b.name`), if any. */
export function fieldError(problem: Problem | null | undefined, name: string): string | undefined {
  return problem?.errors?.find((e) => e.name === name || e.name.endsWith(`.${name}`))?.message;
}
