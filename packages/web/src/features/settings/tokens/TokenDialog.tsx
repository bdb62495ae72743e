import { useState, type FormEvent } from 'react';
import type { Schemas } from '../../../api/client';
import { asProblem, fieldError, type Problem } from '../../../api/problem';
import { AppDialog } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { fieldAria } from '../shared/aria';
import { Checkbox } from '../shared/Checkbox';
import { FormProblem } from '../shared/FormProblem';
import { SecretOnce } from '../shared/SecretOnce';
import { SCOPES } from './scopes';

type Scope = Schemas['Scope'];
export type CreateToken = (
  body: Schemas['ApiTokenCreateRequest'],
) => Promise<Schemas['ApiTokenCreated']>;

/**
 * Create an API token. The plaintext token lives only in this dialog's state: shown once after
 * the 201, and gone when the dialog closes (the component unmounts with it).
 */
export function TokenDialog({
  open,
  onOpenChange,
  create,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  create: CreateToken;
}) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Create API token">
      <TokenForm create={create} onDone={() => onOpenChange(false)} />
    </AppDialog>
  );
}

function TokenForm({ create, onDone }: { create: CreateToken; onDone: () => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [expires, setExpires] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [created, setCreated] = useState<Schemas['ApiTokenCreated'] | null>(null);

  const toggle = (scope: Scope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setProblem(null);
    try {
      setCreated(await create(tokenBody(name, scopes, expires)));
    } catch (error) {
      setProblem(asProblem(error));
    } finally {
      setPending(false);
    }
  };

  if (created)
    return (
      <div className="dialog-body">
        <p>
          Token <strong>{created.name}</strong> was created with{' '}
          {created.scopes.map((s) => (
            <code key={s} className="scope">
              {s}
            </code>
          ))}
          .
        </p>
        <SecretOnce id="token-secret" label="Token" value={created.token} />
        <div className="dialog-actions">
          <button type="button" className="button primary" onClick={onDone}>
            Done
          </button>
        </div>
      </div>
    );

  const scopesError = fieldError(problem, 'scopes');
  return (
    <form className="dialog-body" onSubmit={(e) => void submit(e)} noValidate>
      <Field label="Name" htmlFor="token-name" error={fieldError(problem, 'name')}>
        <input
          id="token-name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          {...fieldAria('token-name', fieldError(problem, 'name'))}
        />
      </Field>
      <fieldset className={scopesError ? 'field invalid' : 'field'}>
        <legend>Scopes</legend>
        {SCOPES.map((scope) => (
          <Checkbox
            key={scope.id}
            id={`scope-${scope.id.replace(':', '-')}`}
            label={scope.id}
            description={scope.description}
            checked={scopes.includes(scope.id)}
            onChange={(on) => toggle(scope.id, on)}
          />
        ))}
        {scopesError && (
          <p className="field-error" role="alert">
            {scopesError}
          </p>
        )}
      </fieldset>
      <Field
        label="Expires"
        htmlFor="token-expires"
        hint="Optional. Without a date the token never expires."
        error={fieldError(problem, 'expires_at')}
      >
        <input
          id="token-expires"
          type="date"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
          {...fieldAria('token-expires', fieldError(problem, 'expires_at'), true)}
        />
      </Field>
      <FormProblem problem={problem} />
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button primary" disabled={pending}>
          Create token
        </button>
      </div>
    </form>
  );
}

/** The request body: trimmed name, scopes in contract order, the end of the chosen local day. */
export function tokenBody(
  name: string,
  scopes: Scope[],
  expires: string,
): Schemas['ApiTokenCreateRequest'] {
  const ordered = SCOPES.map((s) => s.id).filter((id) => scopes.includes(id));
  return {
    name: name.trim(),
    scopes: ordered,
    ...(expires ? { expires_at: new Date(`${expires}T23:59:59`).toISOString() } : {}),
  };
}
