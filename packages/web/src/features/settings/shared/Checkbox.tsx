import type { ReactNode } from 'react';

/** A checkbox whose accessible name is its label; an optional description beside it. */
export function Checkbox({
  id,
  label,
  checked,
  onChange,
  description,
  disabled,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  description?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <div className="check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={description ? `${id}-desc` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {description && (
        <span id={`${id}-desc`} className="hint">
          {description}
        </span>
      )}
    </div>
  );
}
