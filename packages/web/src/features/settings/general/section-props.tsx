import type { Schemas } from '../../../api/client';
import type { Problem } from '../../../api/problem';
import { Checkbox } from '../shared/Checkbox';

export type Settings = Schemas['GeneralSettings'];

export interface SectionProps {
  draft: Settings;
  set: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
  error: (key: keyof Settings) => string | undefined;
  problem: Problem | null;
}

type FlagKey =
  | 'arr_add_import_exclusion'
  | 'media_server_fallback_enabled'
  | 'users_can_view_candidates'
  | 'imdb_ratings_enabled'
  | 'webhook_block_private_destinations'
  | 'update_check_enabled';

/** A yes/no setting as a labelled checkbox with its explanation. */
export function flagSetting({ draft, set }: SectionProps) {
  return function flag(key: FlagKey, label: string, description: string) {
    return (
      <Checkbox
        id={`gs-${key}`}
        label={label}
        description={description}
        checked={draft[key]}
        onChange={(v) => set(key, v)}
      />
    );
  };
}
