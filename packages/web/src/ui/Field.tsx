import type { ReactNode } from 'react';

/** A labelled form control with its hint and the validation message placed on it. */
export function Field({
  label,
  htmlFor,
  error,
  hint,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'field invalid' : 'field'}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {hint && !error && (
        <p className="hint" id={`${htmlFor}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${htmlFor}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
