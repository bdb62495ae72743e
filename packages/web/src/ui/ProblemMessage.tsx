import { AlertTriangle } from 'lucide-react';
import { asProblem } from '../api/problem';

/** The error state of a screen: the problem's detail and request id, never a stack. */
export function ProblemMessage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const problem = asProblem(error);
  return (
    <div className="problem" role="alert">
      <AlertTriangle aria-hidden size={20} />
      <div>
        <p className="problem-title">{problem.title}</p>
        <p>{problem.detail}</p>
        {problem.errors && problem.errors.length > 0 && (
          <ul>
            {problem.errors.map((e) => (
              <li key={`${e.in}.${e.name}`}>
                <code>{e.name}</code>: {e.message}
              </li>
            ))}
          </ul>
        )}
        {problem.request_id && <p className="muted small">Request id: {problem.request_id}</p>}
        {onRetry && (
          <button type="button" className="button" onClick={onRetry}>
            Try again
          </button>
        )}
      </div>
    </div>
  );
}
