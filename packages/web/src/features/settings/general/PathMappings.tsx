import { api, type Schemas } from '../../../api/client';
import { fieldError, type Problem } from '../../../api/problem';

type Mapping = Schemas['PathMapping'];

/** Path mappings (domain §6.6.1): a service's path prefix → the same folder as catalog sees it. */
export function PathMappings({
  value,
  onChange,
  problem,
}: {
  value: Mapping[];
  onChange: (value: Mapping[]) => void;
  problem: Problem | null;
}) {
  const services = api.useQuery('get', '/api/settings/services');
  const update = (index: number, change: Partial<Mapping>) =>
    onChange(value.map((m, i) => (i === index ? { ...m, ...change } : m)));
  const err = (index: number, key: string) =>
    problem?.errors?.find((e) => e.name === `path_mappings[${index}].${key}`)?.message;
  return (
    <div className="path-mappings">
      <p className="hint">
        When a service reports paths that catalog reaches under another folder, map the prefix.
      </p>
      {value.map((mapping, i) => (
        <div className="mapping-row" key={i}>
          <select
            aria-label={`Service of mapping ${i + 1}`}
            value={mapping.service_config_id ?? ''}
            onChange={(e) =>
              update(i, { service_config_id: e.target.value ? Number(e.target.value) : null })
            }
          >
            <option value="">All services</option>
            {services.data?.items.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <input
            aria-label={`Remote prefix of mapping ${i + 1}`}
            placeholder="/data/movies"
            value={mapping.remote_prefix}
            aria-invalid={err(i, 'remote_prefix') ? true : undefined}
            title={err(i, 'remote_prefix')}
            onChange={(e) => update(i, { remote_prefix: e.target.value })}
          />
          <input
            aria-label={`Local prefix of mapping ${i + 1}`}
            placeholder="/mnt/media/movies"
            value={mapping.local_prefix}
            aria-invalid={err(i, 'local_prefix') ? true : undefined}
            title={err(i, 'local_prefix')}
            onChange={(e) => update(i, { local_prefix: e.target.value })}
          />
          <button
            type="button"
            className="button"
            aria-label={`Remove mapping ${i + 1}`}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            Remove
          </button>
          {(err(i, 'remote_prefix') ?? err(i, 'local_prefix')) && (
            <p className="field-error mapping-error" role="alert">
              {err(i, 'remote_prefix') ?? err(i, 'local_prefix')}
            </p>
          )}
        </div>
      ))}
      {fieldError(problem, 'path_mappings') && (
        <p className="field-error">{fieldError(problem, 'path_mappings')}</p>
      )}
      <button
        type="button"
        className="button"
        disabled={value.length >= 50}
        onClick={() =>
          onChange([...value, { service_config_id: null, remote_prefix: '', local_prefix: '' }])
        }
      >
        Add mapping
      </button>
    </div>
  );
}
