import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useRuleServices } from './services';
import { useDebounced } from './useLookup';

interface InputProps {
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  describedBy?: string;
  invalid: boolean;
}

const aria = (p: InputProps) => ({
  id: p.id,
  'aria-describedby': p.describedBy,
  'aria-invalid': p.invalid || undefined,
});

/** A number (or whole days); an empty box is no value yet. */
export function NumberInput(props: InputProps & { days?: boolean }) {
  const shown = typeof props.value === 'number' ? String(props.value) : '';
  return (
    <span className="with-unit">
      <input
        {...aria(props)}
        type="number"
        inputMode={props.days ? 'numeric' : 'decimal'}
        min={0}
        max={props.days ? 36500 : undefined}
        step={props.days ? 1 : 'any'}
        value={shown}
        onChange={(e) => props.onChange(e.target.value === '' ? null : Number(e.target.value))}
      />
      {props.days && <span className="unit">days</span>}
    </span>
  );
}

const UNITS = { MiB: 1024 ** 2, GiB: 1024 ** 3, TiB: 1024 ** 4 } as const;
type Unit = keyof typeof UNITS;

function bestUnit(bytes: unknown): Unit {
  if (typeof bytes !== 'number' || bytes === 0) return 'GiB';
  if (bytes % UNITS.TiB === 0) return 'TiB';
  return bytes >= UNITS.GiB ? 'GiB' : 'MiB';
}

/** A size typed with a binary unit and stored in bytes. */
export function SizeInput(props: InputProps) {
  const [unit, setUnit] = useState<Unit>(() => bestUnit(props.value));
  const shown =
    typeof props.value === 'number' ? String(+(props.value / UNITS[unit]).toFixed(3)) : '';
  const toBytes = (text: string, u: Unit) =>
    text === '' ? null : Math.round(Number(text) * UNITS[u]);
  return (
    <span className="with-unit">
      <input
        {...aria(props)}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={shown}
        onChange={(e) => props.onChange(toBytes(e.target.value, unit))}
      />
      <select
        aria-label="Unit"
        value={unit}
        onChange={(e) => {
          const next = e.target.value as Unit;
          setUnit(next);
          if (shown !== '') props.onChange(toBytes(shown, next));
        }}
      >
        {Object.keys(UNITS).map((u) => (
          <option key={u}>{u}</option>
        ))}
      </select>
    </span>
  );
}

export function TextInput(props: InputProps & { type?: 'text' | 'date' }) {
  return (
    <input
      {...aria(props)}
      type={props.type ?? 'text'}
      maxLength={500}
      value={typeof props.value === 'string' ? props.value : ''}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/** A pattern checked by the rules' own engine (validate-regex) once typing pauses. */
export function RegexInput(props: InputProps & { errorId: string }) {
  const services = useRuleServices();
  const pattern = typeof props.value === 'string' ? props.value : '';
  const settled = useDebounced(pattern, 400);
  const check = useQuery({
    queryKey: ['rules-regex', settled],
    queryFn: () => services.validateRegex(settled),
    enabled: settled !== '',
    staleTime: Infinity,
  });
  const problem = settled === pattern && settled !== '' ? check.data : null;
  return (
    <>
      <input
        {...aria({ ...props, invalid: props.invalid || Boolean(problem) })}
        type="text"
        maxLength={512}
        spellCheck={false}
        className="mono"
        value={pattern}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {problem && (
        <p className="field-error" id={props.errorId} role="alert">
          Invalid pattern: {problem}
        </p>
      )}
    </>
  );
}

export function EnumSelect(
  props: InputProps & { options: { value: string | number; label: string }[] },
) {
  return (
    <select
      {...aria(props)}
      value={typeof props.value === 'string' || typeof props.value === 'number' ? props.value : ''}
      onChange={(e) => props.onChange(e.target.value)}
    >
      <option value="">Choose…</option>
      {props.options.map((o) => (
        <option key={String(o.value)} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
