import {
  isGeneralSettings,
  notificationChannelProblems,
  schemaErrors,
  SECRET_MASK as MASK,
  SECRET_SETTINGS as SECRET_CHANNEL_SETTINGS,
  type GeneralSettings,
  type NotificationChannel as Channel,
} from '@mcs/contracts';
import type { FieldError } from '@mcs/kit';

/** How a set secret reads (internal-api.md 6.1); sent back, it keeps the stored value. */
export { MASK };

/** What a PUT makes of the stored document: the next one, or why not. */
export type Change =
  | { ok: false; errors: FieldError[] }
  | {
      ok: true;
      /** The next document, each secret as MASK (set) or null: stored and answered as is. */
      document: GeneralSettings;
      /** Secrets sent in clear, by name, to be sealed. */
      reveal: Map<string, string>;
      /** Every secret the next document holds, by name (kept or new); others are dropped. */
      names: Set<string>;
    };

/**
 * A partial body merged onto the stored document (domain.md 11, internal-api.md 6.1), all or
 * nothing: the legacy `post_action_webhooks` is ignored (events-webhooks.md 5.4), the result
 * must match the GeneralSettings schema as a whole, each notification channel its kind's
 * rules, and MASK may only stand where a secret is stored. New channels get an id.
 */
export function applyChange(
  stored: GeneralSettings,
  storedSecrets: ReadonlySet<string>,
  body: Readonly<Record<string, unknown>>,
  newId: () => string,
): Change {
  const update = Object.fromEntries(
    Object.entries(body).filter(([key]) => key !== 'post_action_webhooks'),
  );
  const merged: unknown = { ...stored, ...update };
  if (!isGeneralSettings(merged)) {
    return { ok: false, errors: fieldErrors(schemaErrors('GeneralSettings', merged)) };
  }
  const channels = merged.notifications.channels.map((channel) => ({
    ...channel,
    id: channel.id ?? newId(),
  }));
  const document: GeneralSettings = { ...merged, notifications: { channels } };
  const errors: FieldError[] = channels.flatMap((channel, index) =>
    notificationChannelProblems(channel).map((problem) => ({
      in: 'body' as const,
      name: `notifications.channels[${index}].${problem.field}`,
      message: problem.message,
    })),
  );
  errors.push(...duplicateIds(channels));
  const reveal = new Map<string, string>();
  const names = new Set<string>();
  const masked = mapSecrets(document, (slot, value) => {
    if (value === null) return null;
    if (value === MASK && !storedSecrets.has(slot.name)) {
      errors.push({
        in: 'body',
        name: slot.field,
        message: 'nothing is stored to keep: send the value',
      });
    } else if (value !== MASK) {
      reveal.set(slot.name, value);
    }
    names.add(slot.name);
    return MASK;
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, document: masked, reveal, names };
}

/** A secret's place: its stable name (for its sealed row) and its field in the request. */
export interface SecretSlot {
  name: string;
  field: string;
}

/**
 * A copy of the document with each secret replaced by `map`'s answer: masking for a read,
 * sealed values for settings.changed, collecting for a change.
 */
export function mapSecrets(
  document: GeneralSettings,
  map: (slot: SecretSlot, value: string | null) => string | null,
): GeneralSettings {
  const channels = document.notifications.channels.map((channel, index) => {
    const at = `notifications.channels[${index}]`;
    const name = `notifications.${channel.id ?? index}`;
    const settings: Record<string, unknown> = { ...channel.settings };
    for (const key of SECRET_CHANNEL_SETTINGS) {
      const value = settings[key];
      if (typeof value === 'string') {
        settings[key] = map(
          { name: `${name}.settings.${key}`, field: `${at}.settings.${key}` },
          value,
        );
      }
    }
    const urlOrHost =
      map({ name: `${name}.url_or_host`, field: `${at}.url_or_host` }, channel.url_or_host) ?? '';
    return { ...channel, url_or_host: urlOrHost, settings };
  });
  return {
    ...document,
    tmdb_api_key: map({ name: 'tmdb_api_key', field: 'tmdb_api_key' }, document.tmdb_api_key),
    notifications: { channels },
  };
}

function duplicateIds(channels: readonly Channel[]): FieldError[] {
  const seen = new Set<string>();
  return channels.flatMap((channel, index) => {
    const id = channel.id ?? '';
    if (!seen.has(id)) {
      seen.add(id);
      return [];
    }
    return [{ in: 'body', name: `notifications.channels[${index}].id`, message: 'is used twice' }];
  });
}

/** Schema errors as field names of the body (`path_mappings[3].local_prefix`), one per field. */
function fieldErrors(errors: readonly { pointer: string; message: string }[]): FieldError[] {
  const byName = new Map<string, FieldError>();
  for (const error of errors) {
    const name = error.pointer
      .split('/')
      .slice(1)
      .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
      .join('');
    if (!byName.has(name))
      byName.set(name, { in: 'body', name: name || 'body', message: error.message });
  }
  return [...byName.values()];
}
