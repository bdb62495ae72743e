import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, type Schemas } from '../../../api/client';
import { asProblem, fieldError } from '../../../api/problem';
import { AppDialog } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { fieldAria } from '../shared/aria';
import { Checkbox } from '../shared/Checkbox';
import { FormProblem } from '../shared/FormProblem';
import { isMediaServer, SERVICE_TYPES, serviceTypeLabel, type ServiceType } from './service-types';

type Service = Schemas['ServiceView'];

/**
 * Add or edit a service. Saving an enabled service is its connection test: a 422
 * `connection_failed` is shown here and nothing is saved.
 */
export function ServiceForm({
  service,
  onClose,
}: {
  service: Service | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [type, setType] = useState<ServiceType>(service?.service_type ?? 'jellyfin');
  const [name, setName] = useState(service?.name ?? '');
  const [baseUrl, setBaseUrl] = useState(service?.base_url ?? '');
  const [apiKey, setApiKey] = useState('');
  const [enabled, setEnabled] = useState(service?.enabled ?? true);
  const [isMain, setIsMain] = useState(service?.is_main ?? false);
  const [timeout, setTimeoutSeconds] = useState(String(service?.timeout_seconds ?? 30));
  const [verifyTls, setVerifyTls] = useState(service?.verify_tls ?? true);
  const save = api.useMutation('post', '/api/settings/save/service', {
    meta: { inline: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['get', '/api/settings/services'] });
      onClose();
    },
  });
  const problem = save.error ? asProblem(save.error) : null;
  const err = (name: string) => fieldError(problem, name);
  const mainAllowed = isMediaServer(type) && enabled;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      body: {
        ...(service ? { id: service.id } : {}),
        service_type: type,
        name: name.trim(),
        base_url: baseUrl.trim(),
        ...(apiKey ? { api_key: apiKey } : {}),
        enabled,
        ...(isMediaServer(type) ? { is_main: mainAllowed && isMain } : {}),
        ...(timeout ? { timeout_seconds: Number(timeout) } : {}),
        verify_tls: verifyTls,
      },
    });
  };

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={service ? `Edit ${service.name}` : 'Add service'}
      wide
    >
      <form className="dialog-body" onSubmit={submit} noValidate>
        <div className="form-grid">
          <Field label="Type" htmlFor="svc-type" error={err('service_type')}>
            <select
              id="svc-type"
              value={type}
              disabled={service !== null}
              onChange={(e) => setType(SERVICE_TYPES.find((t) => t === e.target.value) ?? type)}
              {...fieldAria('svc-type', err('service_type'))}
            >
              {SERVICE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Name" htmlFor="svc-name" error={err('name')}>
            <input
              id="svc-name"
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
              {...fieldAria('svc-name', err('name'))}
            />
          </Field>
        </div>
        <Field
          label="Base URL"
          htmlFor="svc-url"
          error={err('base_url')}
          hint={`The ${serviceTypeLabel(type)} address, e.g. http://192.168.1.10:8096`}
        >
          <input
            id="svc-url"
            type="url"
            required
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            {...fieldAria('svc-url', err('base_url'), true)}
          />
        </Field>
        <Field
          label="API key"
          htmlFor="svc-key"
          error={err('api_key')}
          hint={
            service?.api_key_set
              ? 'A key is stored. Leave blank to keep it.'
              : 'Stored encrypted; never shown again.'
          }
        >
          <input
            id="svc-key"
            type="password"
            autoComplete="off"
            value={apiKey}
            placeholder={service?.api_key_set ? '********' : undefined}
            onChange={(e) => setApiKey(e.target.value)}
            {...fieldAria('svc-key', err('api_key'), true)}
          />
        </Field>
        <Checkbox
          id="svc-enabled"
          label="Enabled"
          checked={enabled}
          onChange={setEnabled}
          description="Saving an enabled service tests its connection first."
        />
        <Checkbox
          id="svc-main"
          label="Main media server"
          checked={mainAllowed && isMain}
          disabled={!mainAllowed}
          onChange={setIsMain}
          description={
            isMediaServer(type)
              ? 'The library is synced from the main server; it must be enabled.'
              : 'Only Jellyfin, Emby or Plex can be the main server.'
          }
        />
        {fieldError(problem, 'is_main') && (
          <p className="field-error">{fieldError(problem, 'is_main')}</p>
        )}
        <div className="form-grid">
          <Field label="Timeout" htmlFor="svc-timeout" error={err('timeout_seconds')}>
            <span className="with-unit">
              <input
                id="svc-timeout"
                type="number"
                min={1}
                inputMode="numeric"
                value={timeout}
                onChange={(e) => setTimeoutSeconds(e.target.value)}
                {...fieldAria('svc-timeout', err('timeout_seconds'))}
              />
              <span className="unit">seconds</span>
            </span>
          </Field>
        </div>
        <Checkbox
          id="svc-tls"
          label="Verify TLS certificates"
          checked={verifyTls}
          onChange={setVerifyTls}
        />
        {problem?.code === 'connection_failed' ? (
          <p className="field-error form-problem" role="alert">
            Connection test failed: {problem.detail} Nothing was saved.
          </p>
        ) : (
          <FormProblem problem={problem} />
        )}
        <p className="send-result" role="status">
          {save.isPending && (enabled ? 'Testing the connection…' : 'Saving…')}
        </p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={save.isPending}>
            Save service
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
