import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { api, type Schemas } from '../../api/client';
import { AppDialog } from '../../ui/Dialog';
import { ProblemMessage } from '../../ui/ProblemMessage';
import { isJsonObject } from './model';

type ImportResult = Schemas['RuleImportResult'];

/** Reads an `mcs-rules` file into the import request, or says why it cannot. */
export function parseRulesFile(text: string): Schemas['RuleImportRequest'] | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'The file is not JSON.';
  }
  if (!isJsonObject(parsed)) return 'The file is not an mcs-rules export.';
  const { format, version, rules }: { format?: unknown; version?: unknown; rules?: unknown } =
    parsed;
  if (format !== 'mcs-rules' || typeof version !== 'number' || !Array.isArray(rules))
    return 'The file is not an mcs-rules export.';
  return { format, version, rules: rules.filter(isJsonObject) };
}

/** File input → POST /api/rules/import; then what was imported (disabled) and what was skipped. */
export function ImportRules() {
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<'rename' | 'skip'>('rename');
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const importRules = api.useMutation('post', '/api/rules/import', {
    meta: { inline: true },
    onSuccess: (data) => {
      setResult(data);
      void queryClient.invalidateQueries({ queryKey: ['get', '/api/rules'] });
    },
  });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const body = parseRulesFile(await file.text());
    setFileError(typeof body === 'string' ? body : null);
    if (typeof body !== 'string')
      importRules.mutate({ body: { ...body, on_name_conflict: conflict } });
  };
  const close = () => {
    setResult(null);
    setFileError(null);
    importRules.reset();
  };

  return (
    <>
      <label className="inline-select">
        When a name is taken
        <select
          value={conflict}
          onChange={(e) => setConflict(e.target.value === 'skip' ? 'skip' : 'rename')}
        >
          <option value="rename">rename</option>
          <option value="skip">skip</option>
        </select>
      </label>
      <input
        ref={input}
        id="rules-import-file"
        type="file"
        accept="application/json,.json"
        className="rules-file-input"
        aria-label="Import rules file"
        onChange={(e) => void onFile(e)}
      />
      <button
        type="button"
        className="button"
        disabled={importRules.isPending}
        onClick={() => input.current?.click()}
      >
        <Upload size={16} aria-hidden /> {importRules.isPending ? 'Importing…' : 'Import'}
      </button>
      <AppDialog
        open={Boolean(result || fileError || importRules.error)}
        onOpenChange={(open) => !open && close()}
        title="Import rules"
        wide
      >
        {fileError && (
          <p className="field-error" role="alert">
            {fileError}
          </p>
        )}
        {importRules.error && <ProblemMessage error={importRules.error} />}
        {result && (
          <>
            <p>
              Imported {result.imported.length} {result.imported.length === 1 ? 'rule' : 'rules'},
              skipped {result.skipped.length}.{' '}
              {result.imported.length > 0 && (
                <strong>Imported rules are disabled: check each one, then enable it.</strong>
              )}
            </p>
            {result.imported.length > 0 && (
              <ul aria-label="Imported rules">
                {result.imported.map((r) => (
                  <li key={r.id}>
                    <Link to={`/rules/${r.id}`} onClick={close}>
                      {r.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {result.skipped.length > 0 && (
              <ul aria-label="Skipped rules">
                {result.skipped.map((r, index) => (
                  <li key={`${r.name}-${index}`}>
                    {r.name ?? '(no name)'}
                    <ul>
                      {r.errors.map((e) => (
                        <li key={`${e.name}-${e.code}`}>
                          <code>{e.name}</code>: {e.message}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        <div className="dialog-actions">
          <button type="button" className="button primary" onClick={close}>
            Close
          </button>
        </div>
      </AppDialog>
    </>
  );
}
