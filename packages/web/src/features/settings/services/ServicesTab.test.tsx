import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Schemas } from '../../../api/client';
import { renderWithProviders } from '../../../test-utils';

// openapi-fetch keeps the fetch it finds when the client module loads, so the stand-in for
// the gateway is installed before that import (no network in component tests).
const gateway = vi.hoisted(() => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const body: unknown = request.method === 'GET' ? undefined : await request.json();
    calls.push({ method: request.method, url: request.url, body });
    const json = (status: number, value: unknown, type = 'application/json') =>
      new Response(JSON.stringify(value), { status, headers: { 'Content-Type': type } });
    if (request.method === 'GET') return json(200, { items: [], has_main_server: false });
    return json(
      422,
      {
        type: 'urn:mcs:problem:connection_failed',
        title: 'Connection failed',
        status: 422,
        detail: 'Jellyfin answered 401: unauthorized.',
        code: 'connection_failed',
        request_id: 'req-9',
      },
      'application/problem+json',
    );
  });
  globalThis.fetch = fetch;
  // The client's base URL is '' (same origin); Node's Request wants an absolute URL.
  const NodeRequest = globalThis.Request;
  globalThis.Request = class extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
    }
  };
  return { calls };
});

const { ServicesTab } = await import('./ServicesTab');

describe('ServicesTab', { timeout: 30_000 }, () => {
  it('shows a failed connection test in the form and keeps it open', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ServicesTab />);
    expect(await screen.findByText('No services yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add service' }));
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'jellyfin');
    await user.type(within(dialog).getByLabelText('Name'), 'Living room');
    await user.type(within(dialog).getByLabelText('Base URL'), 'http://jf.local:8096');
    await user.type(within(dialog).getByLabelText('API key'), 'k3y');
    expect(within(dialog).getByRole('checkbox', { name: 'Enabled' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Main media server' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));

    expect(await within(dialog).findByText(/Jellyfin answered 401/)).toBeInTheDocument();
    const post = gateway.calls.find((c) => c.method === 'POST');
    const expected: Schemas['ServiceSaveRequest'] = {
      service_type: 'jellyfin',
      name: 'Living room',
      base_url: 'http://jf.local:8096',
      api_key: 'k3y',
      enabled: true,
      is_main: true,
      timeout_seconds: 30,
      verify_tls: true,
    };
    expect(post?.body).toEqual(expected);
    expect(post?.url).toMatch(/\/api\/settings\/save\/service$/);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
