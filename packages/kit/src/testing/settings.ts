import { generalSettingsDefaults, type GeneralSettings, type MessagePayload } from '@mcs/contracts';

/**
 * A settings.changed payload as the scheduler would publish it: the documented defaults with
 * `changes` on top, at `version`. Tests of a follower publish it to see a setting take effect.
 */
export function settingsChanged(
  version: number,
  changes: Partial<GeneralSettings> = {},
): MessagePayload<'settings.changed'> {
  return { version, settings: { ...generalSettingsDefaults(), ...changes } };
}
