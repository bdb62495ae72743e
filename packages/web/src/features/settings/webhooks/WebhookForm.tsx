import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, type Schemas } from '../../../api/client';
import { asProblem, fieldError } from '../../../api/problem';
import { AppDialog } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { fieldAria } from '../shared/aria';
import { Checkbox } from '../shared/Checkbox';
import { FormProblem } from '../shared/FormProblem';
import { SecretOnce } from '../shared/SecretOnce';
import { SendResult } from '../shared/SendResult';
import { EventTypesField } from './EventTypesField';
import type { EventType } from './event-types';

type Endpoint = Schemas['WebhookEndpoint'];
type Input = Schemas['WebhookEndpointInput'];
const LIST = '/api/settings/integrations/webhooks';

/**
 * Add or edit a webhook endpoint. Fields this form does not edit (headers, basic auth,
 * templates) are sent back as read: masked values keep what is stored.
 */
export function WebhookForm({
  endpoint,
  onClose,
}: {
  endpoint: Endpoint | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(endpoint?.name ?? '');
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [method, setMethod] = useState<'POST' | 'GET'>(endpoint?.method ?? 'POST');
  const [events, setEvents] = useState<EventType[]>(endpoint?.event_types ?? []);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [timeout, setTimeoutSeconds] = useState(String(endpoint?.timeout_seconds ?? 15));
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['get', LIST] });
  // gcTime 0: the signing secret lives only in this dialog, not in the mutation cache.
  const create = api.useMutation('post', LIST, {
    meta: { inline: true },
    gcTime: 0,
    onSuccess: async (data) => {
      setSecret(data.signing_secret);
      await refresh();
    },
  });
  const update = api.useMutation('put', '/api/settings/integrations/webhooks/{endpoint_id}', {
    meta: { inline: true },
    onSuccess: async () => {
      await refresh();
      onClose();
    },
  });
  const test = api.useMutation('post', '/api/settings/integrations/webhooks/test', {
    meta: { inline: true },
  });
  const error = (endpoint ? update.error : create.error) ?? test.error;
  const problem = error ? asProblem(error) : null;
  const err = (key: string) => fieldError(problem, key);

  const body = (): Input => ({
    name: name.trim(),
    url: url.trim(),
    method,
    event_types: events,
    enabled,
    timeout_seconds: Number(timeout) || 15,
    ...(endpoint
      ? {
          media_types: endpoint.media_types,
          headers: endpoint.headers,
          auth_username: endpoint.auth_username,
          url_template: endpoint.url_template,
          body_template: method === 'GET' ? null : endpoint.body_template,
          path_mode: endpoint.path_mode,
        }
      : {}),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    test.reset();
    if (endpoint) update.mutate({ params: { path: { endpoint_id: endpoint.id } }, body: body() });
    else create.mutate({ body: body() });
  };

  const title = endpoint ? `Edit webhook ${endpoint.name}` : 'Add webhook';
  if (secret)
    return (
      <AppDialog open onOpenChange={(open) => !open && onClose()} title={title}>
        <div className="dialog-body">
          <p>Receivers verify each request with this signing secret (Standard Webhooks).</p>
          <SecretOnce id="webhook-secret" label="Signing secret" value={secret} />
          <div className="dialog-actions">
            <button type="button" className="button primary" onClick={onClose}>
              Done
            </button>
          </div>
        </div>
      </AppDialog>
    );
  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title={title} wide>
      <form className="dialog-body" onSubmit={submit} noValidate>
        <Field
          label="Name"
          htmlFor="wh-name"
          error={err('name')}
          hint="What receives the events, e.g. “Home Assistant”."
        >
          <input
            id="wh-name"
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
            {...fieldAria('wh-name', err('name'), true)}
          />
        </Field>
        <Field label="URL" htmlFor="wh-url" error={err('url')}>
          <input
            id="wh-url"
            type="url"
            required
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            {...fieldAria('wh-url', err('url'))}
          />
        </Field>
        <div className="form-grid">
          <Field label="Method" htmlFor="wh-method" error={err('method')}>
            <select
              id="wh-method"
              value={method}
              onChange={(e) => setMethod(e.target.value === 'GET' ? 'GET' : 'POST')}
            >
              <option value="POST">POST</option>
              <option value="GET">GET</option>
            </select>
          </Field>
          <Field label="Timeout" htmlFor="wh-timeout" error={err('timeout_seconds')}>
            <span className="with-unit">
              <input
                id="wh-timeout"
                type="number"
                min={1}
                max={120}
                value={timeout}
                onChange={(e) => setTimeoutSeconds(e.target.value)}
                {...fieldAria('wh-timeout', err('timeout_seconds'))}
              />
              <span className="unit">seconds</span>
            </span>
          </Field>
        </div>
        <EventTypesField value={events} onChange={setEvents} error={err('event_types')} />
        <Checkbox id="wh-enabled" label="Enabled" checked={enabled} onChange={setEnabled} />
        <FormProblem problem={problem} />
        <SendResult result={test.data ?? null} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button"
            disabled={test.isPending}
            onClick={() => test.mutate({ body: body() })}
          >
            Send test
          </button>
          <button
            type="submit"
            className="button primary"
            disabled={create.isPending || update.isPending}
          >
            Save webhook
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
