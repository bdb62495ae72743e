import { useState, type ReactNode } from 'react';
import { Field } from '../../../ui/Field';
import { fieldAria } from '../shared/aria';

/**
 * A number with its unit beside it ("days", "%"). `scale` shows a 0…1 share as a percentage.
 * The text is kept while typing; the setting changes only when it parses.
 */
export function NumberSetting({
  id,
  label,
  unit,
  value,
  onChange,
  min,
  max,
  step = 1,
  scale = 1,
  error,
  hint,
}: {
  id: string;
  label: string;
  unit: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step?: number;
  scale?: number;
  error?: string;
  hint?: ReactNode;
}) {
  const [text, setText] = useState(String(round(value * scale)));
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      <span className="with-unit">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={min * scale}
          max={max * scale}
          step={step}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            const n = e.target.valueAsNumber;
            if (Number.isFinite(n)) onChange(round(n / scale));
          }}
          {...fieldAria(id, error, hint !== undefined)}
        />
        <span className="unit">{unit}</span>
      </span>
    </Field>
  );
}

/** A text setting where empty means "not set" (null). */
export function TextSetting({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  placeholder,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  hint?: ReactNode;
  type?: 'text' | 'url' | 'password';
  placeholder?: string;
}) {
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      <input
        id={id}
        type={type}
        value={value ?? ''}
        placeholder={placeholder}
        autoComplete={type === 'password' ? 'off' : undefined}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        {...fieldAria(id, error, hint !== undefined)}
      />
    </Field>
  );
}

/** Rounds away binary noise (0.07 * 100 = 7.000000000000001). */
function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
