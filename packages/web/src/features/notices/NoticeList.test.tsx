import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Schemas } from '../../api/client';
import { renderWithProviders } from '../../test-utils';
import { NoticeList } from './NoticeList';

const notice = (overrides: Partial<Schemas['Notice']>): Schemas['Notice'] => ({
  id: 1,
  level: 'info',
  title: 'Request approved',
  message: 'Heat (1995) is protected.',
  link: null,
  created_at: '2026-11-28T10:00:00Z',
  read_at: null,
  ...overrides,
});

describe('NoticeList', () => {
  it('links inside the app through the router, outside in a new tab, and marks one read', async () => {
    const onMarkRead = vi.fn();
    renderWithProviders(
      <NoticeList
        busy={false}
        onMarkRead={onMarkRead}
        notices={[
          notice({ id: 1, link: '/library/movie/11' }),
          notice({
            id: 2,
            title: 'Release notes',
            link: 'https://example.org/notes',
            read_at: '2026-11-28T11:00:00Z',
          }),
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/library/movie/11');
    expect(screen.getByRole('link', { name: 'Open (new tab)' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.queryByRole('button', { name: 'Mark as read: Release notes' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as read: Request approved' }));
    expect(onMarkRead).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });
});
