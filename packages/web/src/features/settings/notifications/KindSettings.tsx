import type { Problem } from '../../../api/problem';
import { Field } from '../../../ui/Field';
import { fieldAria } from '../shared/aria';
import { Checkbox } from '../shared/Checkbox';
import type { SettingSpec } from './channel-kinds';

type Settings = Record<string, unknown>;

/** The settings of one channel kind. Secrets read back as "********" and are kept when unchanged. */
export function KindSettings({
  specs,
  value,
  onChange,
  problem,
}: {
  specs: SettingSpec[];
  value: Settings;
  onChange: (value: Settings) => void;
  problem: Problem | null;
}) {
  const set = (key: string, v: unknown) => onChange({ ...value, [key]: v });
  const error = (key: string) =>
    problem?.errors?.find((e) => e.name.endsWith(`settings.${key}`))?.message;
  return (
    <div className="form-grid">
      {specs.map((spec) => {
        const id = `ch-${spec.key}`;
        const current = value[spec.key];
        if (spec.type === 'checkbox')
          return (
            <Checkbox
              key={spec.key}
              id={id}
              label={spec.label}
              checked={current === true}
              onChange={(v) => set(spec.key, v)}
            />
          );
        const text = Array.isArray(current)
          ? current.join(', ')
          : typeof current === 'string' || typeof current === 'number'
            ? String(current)
            : '';
        return (
          <Field
            key={spec.key}
            label={spec.label}
            htmlFor={id}
            error={error(spec.key)}
            hint={
              spec.type === 'secret' && text === '********'
                ? 'Stored; leave it to keep it.'
                : spec.hint
            }
          >
            <input
              id={id}
              type={
                spec.type === 'secret' ? 'password' : spec.type === 'number' ? 'number' : 'text'
              }
              min={spec.min}
              max={spec.max}
              autoComplete="off"
              value={text}
              onChange={(e) => set(spec.key, parse(spec, e.target.value))}
              {...fieldAria(id, error(spec.key), spec.hint !== undefined)}
            />
          </Field>
        );
      })}
    </div>
  );
}

function parse(spec: SettingSpec, text: string): unknown {
  if (spec.type === 'number') return text === '' ? undefined : Number(text);
  return text;
}

/** Settings as the contract wants them: a list typed as text becomes its addresses. */
export function finalSettings(specs: SettingSpec[], value: Settings): Settings {
  const result = { ...value };
  for (const spec of specs) {
    const current = result[spec.key];
    if (spec.type === 'list' && typeof current === 'string')
      result[spec.key] = current
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  }
  return result;
}
