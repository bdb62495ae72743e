import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { api } from '../../../api/client';
import { asProblem, fieldError } from '../../../api/problem';
import { QueryState } from '../../../ui/QueryState';
import { FormProblem } from '../shared/FormProblem';
import { GeneralSections } from './GeneralSections';
import type { Settings } from './section-props';

const PATH = '/api/settings/general';

/** General settings (domain §11): one form, saving only the keys that changed. */
export function GeneralTab() {
  const settings = api.useQuery('get', PATH);
  return (
    <QueryState query={settings} rows={8} rowHeight={64}>
      {(data) => <GeneralForm saved={data} />}
    </QueryState>
  );
}

function GeneralForm({ saved }: { saved: Settings }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(saved);
  const [note, setNote] = useState('');
  const save = api.useMutation('put', PATH, {
    meta: { inline: true },
    onSuccess: (data) => {
      void queryClient.invalidateQueries({ queryKey: ['get', PATH] });
      setDraft(data);
      toast.success('Settings saved');
    },
  });
  const problem = save.error ? asProblem(save.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = changedKeys(saved, draft);
    if (Object.keys(body).length === 0) {
      setNote('Nothing changed.');
      return;
    }
    setNote('');
    save.mutate({ body });
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-label="General settings">
      <GeneralSections
        draft={draft}
        set={(key, value) => setDraft((d) => ({ ...d, [key]: value }))}
        error={(key) => fieldError(problem, key)}
        problem={problem}
      />
      <FormProblem problem={problem} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={save.isPending}>
          Save settings
        </button>
        <span role="status" className="muted">
          {save.isPending ? 'Saving…' : note}
        </span>
      </div>
    </form>
  );
}

/**
 * The PUT body: only the keys whose value differs from what was loaded. Notification channels
 * are saved by their own tab, and an untouched secret stays "********" (the server keeps it).
 */
export function changedKeys(saved: Settings, draft: Settings): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft)) {
    if (key === 'notifications') continue;
    if (JSON.stringify(value) !== JSON.stringify(saved[key as keyof Settings])) body[key] = value;
  }
  return body;
}
