import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, renderWithProviders } from '../../test-utils';
import { CandidatesPage } from './CandidatesPage';
import { newCandidate, newGroup } from './fixtures';

// openapi-fetch keeps the fetch it finds when the client module loads, and builds a Request
// from a relative URL: both are set up before any import runs.
const server = vi.hoisted(() => {
  const state = {
    calls: [] as { method: string; path: string; body: unknown }[],
    answer: (_method: string, _path: string, _body: unknown): [number, unknown] => [404, {}],
  };
  const Base = globalThis.Request;
  globalThis.Request = class extends Base {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, 'http://localhost/') : input, init);
    }
  };
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const url = new URL(request.url);
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    state.calls.push({ method: request.method, path: url.pathname, body });
    const [status, json] = state.answer(request.method, url.pathname, body);
    return new Response(JSON.stringify(json), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return state;
});

const page = (items: unknown[]) => ({
  items,
  total: items.length,
  page: 1,
  per_page: 50,
  total_pages: 1,
});
const rules = {
  items: [
    {
      id: 6,
      name: 'Old and unwatched',
      media_type: 'movie',
      target_scope: 'movie_version',
      enabled: true,
      candidate_count: 1,
    },
  ],
};
const problem = (status: number, code: string, detail: string) => ({
  type: `urn:mcs:problem:${code}`,
  title: code,
  status,
  code,
  detail,
  request_id: 'req-1',
});

function serve(list: unknown, post?: (body: unknown, path: string) => [number, unknown]) {
  server.calls = [];
  server.answer = (method, path, body) => {
    if (path === '/api/media/candidates') return [200, list];
    if (path === '/api/media/candidates/rules') return [200, rules];
    if (method === 'POST' && post) return post(body, path);
    return [404, problem(404, 'not_found', 'Not found')];
  };
}

// The first render and the lazy dialogs load modules on a busy machine.
const SLOW = { timeout: 5000 };

const USER = {
  ...ADMIN,
  user: { ...ADMIN.user, role: 'user' as const },
  permissions: { candidates_page: true, manage: false },
};

describe('CandidatesPage', () => {
  // The dialogs are lazy chunks; transforming React Aria the first time takes seconds here.
  beforeAll(async () => {
    await Promise.all([import('./ManualOperationDialog'), import('./PostponeDialog')]);
  }, 60_000);

  it('lists groups with their candidates, target, size and deadline', async () => {
    serve(page([newGroup([newCandidate()])]));
    renderWithProviders(<CandidatesPage />, { route: '/candidates' });
    expect(await screen.findByRole('heading', { name: 'Heat (1995)' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('version 1080p')).toBeInTheDocument();
    expect(screen.getByText('scheduled', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getAllByText(/10[.,]0 GiB/).length).toBeGreaterThan(0);
    expect(screen.getByRole('option', { name: 'Old and unwatched (1)' })).toBeInTheDocument();
  });

  it('shows the first rows of a long group, the rest on demand, and selects all of it at once', async () => {
    const user = userEvent.setup();
    const { version } = newCandidate();
    const versions = Array.from({ length: 8 }, (_, i) =>
      newCandidate({ id: i + 1, version: version && { ...version, resolution: `r${i + 1}` } }),
    );
    serve(page([newGroup(versions)]));
    renderWithProviders(<CandidatesPage />, { route: '/candidates' });
    const group = await screen.findByRole('region', { name: 'Heat (1995)' }, SLOW);
    expect(within(group).getByText('8 candidates', { exact: false })).toBeInTheDocument();
    expect(within(group).getAllByRole('listitem')).toHaveLength(5);
    await user.click(within(group).getByRole('checkbox', { name: 'Select all of Heat' }));
    expect(await screen.findByText(/8 selected/)).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Show 3 more of Heat' }));
    expect(within(group).getAllByRole('listitem')).toHaveLength(8);
    expect(within(group).getByRole('checkbox', { name: 'Select Heat version r8' })).toBeChecked();
    expect(within(group).queryByRole('button', { name: /more of Heat/ })).not.toBeInTheDocument();
  });

  it('lets an admin select a candidate and delete it after naming what goes, confirming twice past the breaker', async () => {
    const user = userEvent.setup();
    let confirmed = false;
    serve(page([newGroup([newCandidate()])]), (body) => {
      if (typeof body === 'object' && body !== null && 'confirm' in body) {
        confirmed = true;
        return [202, { job_id: 5, status: 'queued', operation_ids: [9], candidate_ids: [1] }];
      }
      return [409, problem(409, 'confirmation_required', 'This would delete more than 0 items.')];
    });
    renderWithProviders(<CandidatesPage />, { route: '/candidates' });
    const remove = await screen.findByRole('button', { name: 'Delete selected' });
    expect(remove).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Postpone selected' })).toBeDisabled();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Heat version 1080p' }));
    expect(remove).toBeEnabled();
    await user.click(remove);
    const dialog = await screen.findByRole('alertdialog', {}, SLOW);
    expect(
      within(dialog).getByText(/^Delete 1 file of Heat \(1995\), 10[.,]0 GiB$/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(/more than 0 items/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete all 1' }));
    await waitFor(() => expect(confirmed).toBe(true));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  }, 20_000);

  it('names each refused candidate when nothing was queued', async () => {
    const user = userEvent.setup();
    serve(page([newGroup([newCandidate()])]), () => [
      409,
      {
        ...problem(409, 'candidate_protected', 'A selected candidate is protected.'),
        errors: [{ in: 'body', name: 'candidate_ids[0]', message: 'is protected' }],
      },
    ]);
    renderWithProviders(<CandidatesPage />, { route: '/candidates' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all of Heat' }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('alertdialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText('Heat (1995) version 1080p: is protected'),
    ).toBeInTheDocument();
  }, 20_000);

  it('postpones the selection and shows why a candidate was refused', async () => {
    const user = userEvent.setup();
    serve(page([newGroup([newCandidate()])]), (_body, path) =>
      path.endsWith('/postpone')
        ? [422, problem(422, 'postpone_not_after_deadline', 'Pick a time after the deadline.')]
        : [404, problem(404, 'not_found', 'Not found')],
    );
    renderWithProviders(<CandidatesPage />, { route: '/candidates' });
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select Heat version 1080p' }, SLOW),
    );
    await user.click(screen.getByRole('button', { name: 'Postpone selected' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    const postpone = within(dialog).getByRole('button', { name: 'Postpone' });
    expect(postpone).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Postpone until'), {
      target: { value: '2026-03-01' },
    });
    await user.type(within(dialog).getByLabelText('Reason'), 'Film club');
    await user.click(postpone);
    expect(
      await within(dialog).findByText('Heat (1995) version 1080p: Pick a time after the deadline.'),
    ).toBeInTheDocument();
    const sent = server.calls.find((call) => call.path.endsWith('/postpone'));
    expect(sent?.path).toBe('/api/media/candidates/1/postpone');
    expect(sent?.body).toMatchObject({ reason: 'Film club' });
  }, 20_000);

  it('shows users the list without selection or actions', async () => {
    serve(page([newGroup([newCandidate()])]));
    renderWithProviders(<CandidatesPage />, { route: '/candidates', me: USER });
    expect(await screen.findByRole('heading', { name: 'Heat (1995)' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete selected' })).not.toBeInTheDocument();
  });

  it('explains a 403 and says what to do when empty', async () => {
    server.answer = () => [403, problem(403, 'forbidden', 'Forbidden')];
    const first = renderWithProviders(<CandidatesPage />, { route: '/candidates', me: USER });
    expect(await screen.findByText(/not shown to users/)).toBeInTheDocument();
    first.unmount();
    serve(page([]));
    renderWithProviders(<CandidatesPage />, { route: '/candidates' });
    expect(await screen.findByText('No candidates')).toBeInTheDocument();
    expect(screen.getByText(/next scan/)).toBeInTheDocument();
  });
});
