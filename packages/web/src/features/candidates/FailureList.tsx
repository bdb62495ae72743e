import { failureText, type Failure } from './bulk-actions';

/** The candidates an action could not handle, each with the server's reason. */
export function FailureList({ failures }: { failures: readonly Failure[] }) {
  if (failures.length === 0) return null;
  return (
    <div className="problem" role="alert">
      <div>
        <p className="problem-title">
          {failures.length} {failures.length === 1 ? 'candidate' : 'candidates'} failed
        </p>
        <ul className="failure-list">
          {failures.map((failure) => (
            <li key={failure.item.candidate.id}>{failureText(failure)}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
