import { useState } from 'react';

/**
 * A secret the server returns exactly once (API token, webhook signing secret): a read-only
 * field with Copy and a warning. The caller drops the value when its dialog closes.
 */
export function SecretOnce({ label, value, id }: { label: string; value: string; id: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="secret-once">
      <p className="banner warning" role="note">
        Copy it now: it will not be shown again.
      </p>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <div className="secret-row">
          <input
            id={id}
            readOnly
            value={value}
            className="mono"
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className="button" onClick={() => void copy()}>
            Copy
          </button>
        </div>
        <p className="hint" role="status" aria-live="polite">
          {copied === 'yes' && 'Copied'}
          {copied === 'failed' && 'Copying failed: select the text and copy it by hand.'}
        </p>
      </div>
    </div>
  );
}
