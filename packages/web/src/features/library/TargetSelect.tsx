import { groupOptions, type TargetOption } from './target';

/** The target a protection or request names: the whole item, or one version/season/episode. */
export function TargetSelect({
  id,
  options,
  value,
  onChange,
}: {
  id: string;
  options: TargetOption[];
  value: string;
  onChange: (key: string) => void;
}) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      {groupOptions(options).map(([group, members]) => (
        <optgroup key={group} label={group}>
          {members.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
