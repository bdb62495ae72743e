import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type Schemas } from '../../../api/client';
import { DateTime } from '../../../ui/DateTime';
import { ConfirmDialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/EmptyState';
import { QueryState } from '../../../ui/QueryState';
import { TokenDialog } from './TokenDialog';

const LIST = '/api/settings/integrations/api-tokens';
type Token = Schemas['ApiToken'];

/** API tokens for /api/v1 integrations: list, create (secret once), revoke. */
export function TokensTab() {
  const queryClient = useQueryClient();
  const tokens = api.useQuery('get', LIST);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<Token | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['get', LIST] });
  // gcTime 0 and reset: the plaintext token must not outlive the dialog in the mutation cache.
  const create = api.useMutation('post', LIST, {
    meta: { inline: true },
    gcTime: 0,
    onSuccess: refresh,
  });
  const revoke = api.useMutation('delete', '/api/settings/integrations/api-tokens/{token_id}', {
    onSuccess: async () => {
      setRevoking(null);
      await refresh();
    },
  });

  return (
    <section aria-labelledby="tokens-title">
      <div className="section-header">
        <h2 id="tokens-title">
          API tokens
          {tokens.data && <span className="count">{tokens.data.items.length}</span>}
        </h2>
        <button type="button" className="button primary" onClick={() => setCreating(true)}>
          Create token
        </button>
      </div>
      <p className="muted">
        Integrations call <code>/api/v1</code> with a bearer token; each token holds only the scopes
        it needs.
      </p>
      <QueryState query={tokens} rows={4}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title="No API tokens yet">
              Create a token for each integration that reads or acts through the API.
            </EmptyState>
          ) : (
            <div className="table-scroll">
              <table className="list">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Prefix</th>
                    <th scope="col">Scopes</th>
                    <th scope="col">Expires</th>
                    <th scope="col">Last used</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((token) => (
                    <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
      {creating && (
        <TokenDialog
          open
          onOpenChange={setCreating}
          create={(body) => create.mutateAsync({ body }).finally(() => create.reset())}
        />
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke API token"
        confirmLabel="Revoke token"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ params: { path: { token_id: revoking.id } } })}
      >
        {revoking && (
          <p>
            Revoke token &apos;{revoking.name}&apos; ({shownPrefix(revoking)})? Integrations using
            it stop working at once.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

function TokenRow({ token, onRevoke }: { token: Token; onRevoke: () => void }) {
  const expired = token.expires_at !== null && new Date(token.expires_at).getTime() < Date.now();
  return (
    <tr>
      <td>{token.name}</td>
      <td>
        <code>{shownPrefix(token)}</code>
      </td>
      <td>
        {token.scopes.map((s) => (
          <code key={s} className="scope">
            {s}
          </code>
        ))}
      </td>
      <td>{token.expires_at ? <DateTime value={token.expires_at} relative /> : 'Never'}</td>
      <td>
        <DateTime value={token.last_used_at} />
      </td>
      <td>
        {token.revoked_at ? (
          <span className="badge state-canceled">
            revoked <DateTime value={token.revoked_at} />
          </span>
        ) : expired ? (
          <span className="badge state-disabled">expired</span>
        ) : (
          <span className="badge state-completed">active</span>
        )}
      </td>
      <td>
        {!token.revoked_at && (
          <button
            type="button"
            className="button"
            onClick={onRevoke}
            aria-label={`Revoke token ${token.name}`}
          >
            Revoke
          </button>
        )}
      </td>
    </tr>
  );
}

/** The token's public start as it appears in the plaintext (`mcs_<prefix>_…`). */
function shownPrefix(token: Token): string {
  const prefix = token.token_prefix.startsWith('mcs_')
    ? token.token_prefix
    : `mcs_${token.token_prefix}`;
  return `${prefix}…`;
}
