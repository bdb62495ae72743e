import type { Input } from '@mcs/kit';

export const MAX_PATH_LENGTH = 4096;

/**
 * The `paths` of a request body: 1 to `max` strings of 1 to 4096 characters, and whatever
 * `check` says of each; every failure is named (`paths`, `paths[i]`) on the body, which the
 * caller then ends with `done()`.
 */
export function readPathList(
  body: Input,
  max: number,
  check: (path: string) => string | undefined = () => undefined,
): string[] {
  body.required('paths');
  const list = body.array('paths') ?? [];
  if (body.has('paths') && (list.length < 1 || list.length > max))
    body.fail('paths', `Must hold 1 to ${max} paths.`);
  const paths: string[] = [];
  list.forEach((value, index) => {
    const problem =
      typeof value !== 'string' || value.length < 1 || value.length > MAX_PATH_LENGTH
        ? `Must be a string of 1 to ${MAX_PATH_LENGTH} characters.`
        : check(value);
    if (problem) body.fail(`paths[${index}]`, problem);
    else if (typeof value === 'string') paths.push(value);
  });
  return paths;
}
