import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schemas } from '../../api/client';
import { renderWithProviders } from '../../test-utils';
import { ApproveDeleteDialog } from './ApproveDeleteDialog';

function newDeleteRequest(
  overrides: Partial<Schemas['DeleteRequest']> = {},
): Schemas['DeleteRequest'] {
  return {
    id: 7,
    target: {
      media_type: 'series',
      scope: 'season',
      media_id: 3,
      movie_version_id: null,
      season_id: 11,
      season_number: 2,
      episode_id: null,
      episode_number: null,
      title: 'The Wire',
      year: 2002,
      tmdb_id: 1438,
      version_file_name: null,
    },
    requested_by: { id: 2, username: 'bob' },
    reason: 'Watched it',
    status: 'pending',
    admin_note: null,
    decided_by: null,
    decided_at: null,
    operation_id: null,
    failure_reason: null,
    close_reason: null,
    created_at: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

describe('ApproveDeleteDialog', () => {
  it('names exactly what goes and follows the chosen operation and Arr action', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ApproveDeleteDialog request={newDeleteRequest()} onClose={vi.fn()} />);
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'The files of The Wire (2002), season 2 will be deleted from disk.',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(
      screen.getByRole('button', { name: 'Delete The Wire (2002), season 2' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /move the files/i }));
    expect(
      screen.getByRole('button', { name: 'Move The Wire (2002), season 2' }),
    ).toBeInTheDocument();

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Radarr/Sonarr action' }),
      'unmonitor_only',
    );
    expect(screen.getByRole('alertdialog')).toHaveTextContent('No file is deleted or moved.');
    expect(
      screen.getByRole('button', { name: 'Unmonitor The Wire (2002), season 2' }),
    ).toBeInTheDocument();
  });
});
