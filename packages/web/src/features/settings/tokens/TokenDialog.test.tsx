import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Schemas } from '../../../api/client';
import { renderWithProviders } from '../../../test-utils';
import { TokenDialog, type CreateToken } from './TokenDialog';

const SECRET = 'mcs_abc123_s3cr3tvalue';

function created(body: Schemas['ApiTokenCreateRequest']): Schemas['ApiTokenCreated'] {
  return {
    id: 7,
    name: body.name,
    token_prefix: 'abc123',
    scopes: body.scopes,
    expires_at: body.expires_at ?? null,
    last_used_at: null,
    revoked_at: null,
    created_by: { id: 1, username: 'admin' },
    created_at: '2026-11-29T00:00:00Z',
    token: SECRET,
  };
}

/** The tokens tab in miniature: a button that opens the dialog. */
function Harness({ create }: { create: CreateToken }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <TokenDialog open={open} onOpenChange={setOpen} create={create} />
    </>
  );
}

// Role queries over a whole dialog are slow on a busy shared machine; the default 5 s is tight.
describe('TokenDialog', { timeout: 30_000 }, () => {
  it('sends the chosen scopes, shows the token once with Copy, and forgets it after Done', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const create = vi.fn<CreateToken>((body) => Promise.resolve(created(body)));
    renderWithProviders(<Harness create={create} />);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(screen.getByLabelText('Name'), '  Home Assistant ');
    await user.click(screen.getByRole('checkbox', { name: 'tasks:run' }));
    await user.click(screen.getByRole('checkbox', { name: 'candidates:read' }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    expect(create).toHaveBeenCalledWith({
      name: 'Home Assistant',
      scopes: ['candidates:read', 'tasks:run'],
    });
    const field = await screen.findByRole('textbox', { name: 'Token' });
    expect(field).toHaveValue(SECRET);
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByText(/will not be shown again/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText('Copied')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();

    // Opening again starts a new form: the old secret is not kept anywhere.
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('sends an expiry date as the end of that day', async () => {
    const user = userEvent.setup();
    const create = vi.fn<CreateToken>((body) => Promise.resolve(created(body)));
    renderWithProviders(<Harness create={create} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(screen.getByLabelText('Name'), 'Backup');
    await user.click(screen.getByRole('checkbox', { name: 'media:read' }));
    await user.type(screen.getByLabelText('Expires'), '2030-01-31');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(create).toHaveBeenCalledWith({
      name: 'Backup',
      scopes: ['media:read'],
      expires_at: new Date('2030-01-31T23:59:59').toISOString(),
    });
  });

  it('places a 422 validation error on its field and keeps the form', async () => {
    const user = userEvent.setup();
    const problem: Schemas['Problem'] = {
      type: 'urn:mcs:problem:validation_failed',
      title: 'Validation failed',
      status: 422,
      detail: 'The request has 1 invalid field.',
      code: 'validation_failed',
      errors: [{ in: 'body', name: 'name', message: 'Must be 1 to 100 characters.' }],
      request_id: 'req-1',
    };
    // The typed client rejects with the problem body itself, as the API sent it.
    const create = vi.fn<CreateToken>().mockRejectedValue(problem);
    renderWithProviders(<Harness create={create} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('checkbox', { name: 'events:read' }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    const name = screen.getByLabelText('Name');
    expect(await screen.findByText('Must be 1 to 100 characters.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Must be 1 to 100 characters.');
    expect(screen.queryByRole('textbox', { name: 'Token' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'events:read' })).toBeChecked();
  });
});
