import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { api, type Schemas } from '../../../api/client';
import { asProblem, fieldError } from '../../../api/problem';
import { Field } from '../../../ui/Field';
import { QueryState } from '../../../ui/QueryState';
import { fieldAria } from '../shared/aria';
import { Checkbox } from '../shared/Checkbox';
import { FormProblem } from '../shared/FormProblem';
import { RedirectUri } from './RedirectUri';

type Oidc = Schemas['OidcSettings'];
const PATH = '/api/settings/oidc';

/** Single sign-on through an OpenID Connect provider (internal-api §6.3). */
export function OidcTab() {
  const oidc = api.useQuery('get', PATH);
  return (
    <QueryState query={oidc} rows={6} rowHeight={64}>
      {(data) => <OidcForm saved={data} />}
    </QueryState>
  );
}

function OidcForm({ saved }: { saved: Oidc }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(saved);
  const [groups, setGroups] = useState(saved.admin_groups.join(', '));
  const [secret, setSecret] = useState('');
  const [clearSecret, setClearSecret] = useState(false);
  const save = api.useMutation('put', PATH, {
    meta: { inline: true },
    onSuccess: async (data) => {
      setDraft(data);
      setSecret('');
      setClearSecret(false);
      await queryClient.invalidateQueries({ queryKey: ['get', PATH] });
      toast.success('Sign-in settings saved');
    },
  });
  const problem = save.error ? asProblem(save.error) : null;
  const err = (key: string) => fieldError(problem, key);
  const set = <K extends keyof Oidc>(key: K, value: Oidc[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: 'issuer_url' | 'client_id' | 'groups_claim', label: string, hint?: string) => (
    <Field label={label} htmlFor={`oidc-${key}`} error={err(key)} hint={hint}>
      <input
        id={`oidc-${key}`}
        value={draft[key] ?? ''}
        onChange={(e) => set(key, e.target.value.trim() === '' ? null : e.target.value)}
        {...fieldAria(`oidc-${key}`, err(key), hint !== undefined)}
      />
    </Field>
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      body: {
        enabled: draft.enabled,
        issuer_url: draft.issuer_url,
        client_id: draft.client_id,
        scopes: draft.scopes,
        username_claim: draft.username_claim,
        groups_claim: draft.groups_claim,
        admin_groups: groups
          .split(',')
          .map((g) => g.trim())
          .filter(Boolean),
        auto_create_users: draft.auto_create_users,
        button_label: draft.button_label,
        ...(clearSecret ? { client_secret: null } : secret ? { client_secret: secret } : {}),
      },
    });
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-label="Sign-in settings">
      <fieldset>
        <legend>Provider</legend>
        <Checkbox
          id="oidc-enabled"
          label="Enable single sign-on"
          checked={draft.enabled}
          onChange={(v) => set('enabled', v)}
          description="Saving with it enabled checks the provider's discovery document first."
        />
        {text('issuer_url', 'Issuer URL', 'e.g. https://auth.example.org/application/o/mcs/')}
        <RedirectUri value={saved.redirect_uri} />
        <div className="form-grid">
          {text('client_id', 'Client ID')}
          <Field
            label="Client secret"
            htmlFor="oidc-secret"
            error={err('client_secret')}
            hint={
              saved.client_secret_set
                ? 'A secret is stored. Leave blank to keep it.'
                : 'Leave blank for a public client (PKCE only).'
            }
          >
            <input
              id="oidc-secret"
              type="password"
              autoComplete="off"
              value={secret}
              disabled={clearSecret}
              placeholder={saved.client_secret_set ? '********' : undefined}
              onChange={(e) => setSecret(e.target.value)}
              {...fieldAria('oidc-secret', err('client_secret'), true)}
            />
          </Field>
        </div>
        {saved.client_secret_set && (
          <Checkbox
            id="oidc-clear-secret"
            label="Remove the stored client secret"
            checked={clearSecret}
            onChange={setClearSecret}
          />
        )}
        <Field
          label="Scopes"
          htmlFor="oidc-scopes"
          error={err('scopes')}
          hint="Space-separated; must include openid."
        >
          <input
            id="oidc-scopes"
            value={draft.scopes}
            onChange={(e) => set('scopes', e.target.value)}
            {...fieldAria('oidc-scopes', err('scopes'), true)}
          />
        </Field>
      </fieldset>
      <fieldset>
        <legend>Users and roles</legend>
        <div className="form-grid">
          <Field label="Username claim" htmlFor="oidc-username-claim" error={err('username_claim')}>
            <input
              id="oidc-username-claim"
              value={draft.username_claim}
              onChange={(e) => set('username_claim', e.target.value)}
              {...fieldAria('oidc-username-claim', err('username_claim'))}
            />
          </Field>
          {text('groups_claim', 'Groups claim', 'e.g. groups; empty ignores groups.')}
        </div>
        <Field
          label="Admin groups"
          htmlFor="oidc-admin-groups"
          error={err('admin_groups')}
          hint="Comma-separated; members are administrators."
        >
          <input
            id="oidc-admin-groups"
            value={groups}
            onChange={(e) => setGroups(e.target.value)}
            {...fieldAria('oidc-admin-groups', err('admin_groups'), true)}
          />
        </Field>
        <Checkbox
          id="oidc-auto-create"
          label="Create users at their first sign-in"
          checked={draft.auto_create_users}
          onChange={(v) => set('auto_create_users', v)}
        />
        <Field
          label="Button label"
          htmlFor="oidc-button"
          error={err('button_label')}
          hint="The text of the login page's single sign-on button."
        >
          <input
            id="oidc-button"
            value={draft.button_label}
            onChange={(e) => set('button_label', e.target.value)}
            {...fieldAria('oidc-button', err('button_label'), true)}
          />
        </Field>
      </fieldset>
      {problem?.code === 'connection_failed' ? (
        <p className="field-error form-problem" role="alert">
          The provider could not be reached: {problem.detail} Nothing was saved.
        </p>
      ) : (
        <FormProblem problem={problem} />
      )}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={save.isPending}>
          Save sign-in settings
        </button>
        <span role="status" className="muted">
          {save.isPending ? 'Saving…' : ''}
        </span>
      </div>
    </form>
  );
}
