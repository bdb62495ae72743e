import { useState, type FormEvent } from 'react';
import { api } from '../../../api/client';
import { asProblem, fieldError, type Problem } from '../../../api/problem';
import { AppDialog } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { fieldAria } from '../shared/aria';
import { Checkbox } from '../shared/Checkbox';
import { FormProblem } from '../shared/FormProblem';
import { SendResult } from '../shared/SendResult';
import { EVENT_IDS, eventLabel, KIND_IDS, KINDS, type Channel, type Kind } from './channel-kinds';
import { finalSettings, KindSettings } from './KindSettings';

const EMPTY: Channel = {
  name: '',
  kind: 'discord',
  url_or_host: '',
  settings: {},
  events: ['alert', 'task_failure'],
  enabled: true,
};

/** Add or edit one channel; "Send test" sends the channel as typed, before it is saved. */
export function ChannelForm({
  channel,
  onSave,
  saving,
  problem,
  onClose,
}: {
  channel: Channel | null;
  onSave: (channel: Channel) => void;
  saving: boolean;
  problem: Problem | null;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Channel>(channel ?? EMPTY);
  const test = api.useMutation('post', '/api/settings/notifications/test', {
    meta: { inline: true },
  });
  const spec = KINDS[draft.kind];
  const shown = problem ?? (test.error ? asProblem(test.error) : null);
  const err = (key: string) => fieldError(shown, key);
  const patch = (change: Partial<Channel>) => setDraft((d) => ({ ...d, ...change }));
  const final = (): Channel => ({
    ...draft,
    name: draft.name.trim(),
    settings: finalSettings(spec.settings, draft.settings),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(final());
  };
  const changeKind = (kind: Kind) =>
    patch({ kind, settings: kind === draft.kind ? draft.settings : {} });

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={channel ? `Edit channel ${channel.name}` : 'Add channel'}
      wide
    >
      <form className="dialog-body" onSubmit={submit} noValidate>
        <div className="form-grid">
          <Field label="Name" htmlFor="ch-name" error={err('name')}>
            <input
              id="ch-name"
              required
              value={draft.name}
              onChange={(e) => patch({ name: e.target.value })}
              {...fieldAria('ch-name', err('name'))}
            />
          </Field>
          <Field label="Kind" htmlFor="ch-kind" error={err('kind')}>
            <select
              id="ch-kind"
              value={draft.kind}
              onChange={(e) => changeKind(KIND_IDS.find((k) => k === e.target.value) ?? draft.kind)}
            >
              {KIND_IDS.map((k) => (
                <option key={k} value={k}>
                  {KINDS[k].label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field
          label={spec.urlLabel}
          htmlFor="ch-url"
          error={err('url_or_host')}
          hint={
            draft.url_or_host.includes('****')
              ? 'Stored (masked); leave it to keep it.'
              : spec.urlHint
          }
        >
          <input
            id="ch-url"
            required
            autoComplete="off"
            value={draft.url_or_host}
            onChange={(e) => patch({ url_or_host: e.target.value })}
            {...fieldAria('ch-url', err('url_or_host'), true)}
          />
        </Field>
        <KindSettings
          specs={spec.settings}
          value={draft.settings}
          onChange={(settings) => patch({ settings })}
          problem={shown}
        />
        <fieldset className={err('events') ? 'field invalid' : 'field'}>
          <legend>Events</legend>
          <div className="checks-columns">
            {EVENT_IDS.map((ev) => (
              <Checkbox
                key={ev}
                id={`ch-event-${ev}`}
                label={eventLabel(ev)}
                checked={draft.events.includes(ev)}
                onChange={(on) =>
                  patch({
                    events: EVENT_IDS.filter((x) => (x === ev ? on : draft.events.includes(x))),
                  })
                }
              />
            ))}
          </div>
          {err('events') && (
            <p className="field-error" role="alert">
              {err('events')}
            </p>
          )}
        </fieldset>
        <Checkbox
          id="ch-enabled"
          label="Enabled"
          checked={draft.enabled}
          onChange={(enabled) => patch({ enabled })}
        />
        <FormProblem problem={shown} />
        <SendResult result={test.data ?? null} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button"
            disabled={test.isPending}
            onClick={() => test.mutate({ body: { channel: final() } })}
          >
            Send test
          </button>
          <button type="submit" className="button primary" disabled={saving}>
            Save channel
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
