import type { Problem } from '../../../api/problem';

/** A form-level error (connection failed, conflict, or "2 invalid fields" beside the fields). */
export function FormProblem({ problem }: { problem: Problem | null }) {
  if (!problem) return null;
  return (
    <p className="field-error form-problem" role="alert">
      {problem.detail}
      {problem.request_id && (
        <span className="muted small"> (request id {problem.request_id})</span>
      )}
    </p>
  );
}
