import { useState } from 'react';

/** The callback URL to register at the provider: read-only, with Copy. */
export function RedirectUri({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="field">
      <label htmlFor="oidc-redirect">Redirect URI</label>
      <div className="secret-row">
        <input id="oidc-redirect" readOnly value={value} aria-describedby="oidc-redirect-hint" />
        <button
          type="button"
          className="button"
          aria-label="Copy redirect URI"
          onClick={() => void navigator.clipboard.writeText(value).then(() => setCopied(true))}
        >
          Copy
        </button>
      </div>
      <p className="hint" id="oidc-redirect-hint" role="status">
        {copied ? 'Copied' : 'Register this callback URL at your provider.'}
      </p>
    </div>
  );
}
