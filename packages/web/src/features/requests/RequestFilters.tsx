export function RequestFilters({
  statuses,
  status,
  mine,
  isAdmin,
  onChange,
}: {
  statuses: readonly string[];
  status: string;
  mine: boolean;
  isAdmin: boolean;
  onChange: (changes: { status?: string; mine?: string }) => void;
}) {
  return (
    <div className="toolbar filters">
      <label className="inline-filter">
        <span>Status</span>
        <select value={status} onChange={(e) => onChange({ status: e.target.value })}>
          <option value="">Any status</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      {isAdmin && (
        <label className="check-filter">
          <input
            type="checkbox"
            checked={mine}
            onChange={(e) => onChange({ mine: e.target.checked ? 'true' : '' })}
          />
          Only my requests
        </label>
      )}
    </div>
  );
}
