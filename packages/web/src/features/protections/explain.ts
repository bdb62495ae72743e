import { asProblem, type Problem } from '../../api/problem';

/** The problem with its `detail` in plain words when its code is one the screen explains. */
export function explainProblem(error: unknown, messages: Record<string, string>): Problem {
  const problem = asProblem(error);
  const plain = problem.code ? messages[problem.code] : undefined;
  return plain ? { ...problem, detail: plain } : problem;
}
