import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { newRuleState } from './editorReducer';
import type { RuleView } from './model';

// openapi-fetch keeps the fetch and Request it finds when the client module loads: replace
// them first (Node's Request wants an absolute URL; the browser resolves '/api/…' itself).
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<(request: Request) => Promise<Response>>();
  class PageRequest extends Request {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
    }
  }
  globalThis.Request = PageRequest;
  globalThis.fetch = mock as typeof fetch;
  return mock;
});

const { RulesPage } = await import('./RulesPage');

const rule: RuleView = {
  id: 7,
  name: 'Never watched',
  description: null,
  media_type: 'movie',
  enabled: true,
  target_scope: 'movie_version',
  definition: { version: 1, root: {} },
  action: newRuleState().action,
  revision: 3,
  candidate_count: 4,
  protection_count: 2,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('RulesPage', () => {
  it('lists rules with the filters from the URL and asks before deleting, naming what goes', async () => {
    const requests: string[] = [];
    fetchMock.mockImplementation((request) => {
      requests.push(
        `${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`,
      );
      if (request.method === 'DELETE')
        return Promise.resolve(
          json({ deleted: true, id: 7, removed_protections: 2, removed_candidates: 1 }),
        );
      return Promise.resolve(json({ items: [rule] }));
    });
    renderWithProviders(<RulesPage />, { route: '/rules?outcome=candidate' });

    expect(
      await screen.findByRole('link', { name: 'Never watched' }, { timeout: 5000 }),
    ).toHaveAttribute('href', '/rules/7');
    expect(requests[0]).toBe('GET /api/rules?outcome=candidate');
    expect(screen.getByRole('link', { name: 'New rule' })).toHaveAttribute('href', '/rules/new');
    expect(screen.getByText('4 candidates')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Never watched' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Its 2 rule protections are removed');
    expect(requests.some((r) => r.startsWith('DELETE'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete rule' }));
    await waitFor(() => expect(requests).toContain('DELETE /api/rules/7'));
  });
});
