import { useQuery } from '@tanstack/react-query';
import type { MediaType, RuleAction } from './model';
import { useRuleServices } from './services';

type Key = 'radarr_service_ids' | 'sonarr_service_ids';

/** Which Radarr/Sonarr instances may act on this rule's matches; none ticked = every one. */
export function ArrInstances({
  action,
  mediaType,
  error,
  onChange,
}: {
  action: RuleAction;
  mediaType: MediaType;
  error?: string;
  onChange: (patch: Partial<RuleAction>) => void;
}) {
  const services = useRuleServices();
  const instances = useQuery({
    queryKey: ['rules-arr-instances', mediaType],
    queryFn: () => services.arrInstances(mediaType),
    staleTime: 60_000,
  });
  const key: Key = mediaType === 'movie' ? 'radarr_service_ids' : 'sonarr_service_ids';
  const chosen = action[key];
  const toggle = (id: number, on: boolean) =>
    onChange({ [key]: on ? [...chosen, id] : chosen.filter((c) => c !== id) });
  if (!instances.data?.length) return null;
  return (
    <fieldset className="radio-row">
      <legend>
        {mediaType === 'movie' ? 'Radarr' : 'Sonarr'} instances allowed to act (none ticked: all)
      </legend>
      {instances.data.map((i) => (
        <label key={String(i.value)} className="inline-check">
          <input
            type="checkbox"
            checked={typeof i.value === 'number' && chosen.includes(i.value)}
            onChange={(e) => typeof i.value === 'number' && toggle(i.value, e.target.checked)}
          />
          {i.label}
        </label>
      ))}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
