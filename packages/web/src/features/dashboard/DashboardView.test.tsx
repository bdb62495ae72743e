import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import type { Dashboard } from './dashboard-model';
import { DashboardView } from './DashboardView';

const GiB = 1024 ** 3;

function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    library: {
      movies: 1200,
      movie_versions: 1350,
      series: 80,
      episodes: 4000,
      total_size_bytes: 41.2 * GiB,
    },
    candidates: {
      total: 12,
      movies: 9,
      series: 3,
      by_state: { disabled: 1, scheduled: 6, eligible: 3, postponed: 1, canceled: 1 },
      reclaimable_bytes: 512 * GiB,
    },
    reclaimed: { bytes_total: 2.5 * GiB, items_total: 7, bytes_last_30_days: 1.25 * GiB },
    protections_active: 4,
    requests: { pending_protection: 2, pending_delete: 1 },
    next_auto_delete_at: '2026-12-01T03:00:00Z',
    auto_delete_task_enabled: true,
    last_media_sync_at: '2026-11-28T01:00:00Z',
    last_candidate_scan_at: null,
    disks: [
      {
        service_config_id: 1,
        service_name: 'Radarr',
        label: 'Disk 1',
        free_bytes: 100 * GiB,
        total_bytes: 400 * GiB,
        free_percent: 25,
      },
    ],
    ...overrides,
  };
}

const card = (name: string) => screen.getByRole('region', { name });

describe('DashboardView', () => {
  it('shows sizes in binary units and the candidates by state', () => {
    renderWithProviders(<DashboardView data={dashboard()} showCandidates isAdmin />);
    expect(within(card('Library')).getByText(/^41[.,]2 GiB$/)).toBeInTheDocument();
    expect(within(card('Candidates')).getByText(/^512[.,]0 GiB$/)).toBeInTheDocument();
    expect(within(card('Reclaimed space')).getByText(/^1[.,]25 GiB$/)).toBeInTheDocument();
    const states = within(card('Candidates')).getByRole('list', { name: 'Candidates by state' });
    expect(within(states).getByRole('link', { name: /eligible\s*3/ })).toBeInTheDocument();
    expect(within(card('Disk space')).getByRole('meter')).toHaveAttribute(
      'aria-valuetext',
      expect.stringMatching(/^100[.,]0 GiB free of 400[.,]0 GiB$/),
    );
  });

  it('says "unavailable" for each part whose owner is down, and still shows the rest', () => {
    renderWithProviders(
      <DashboardView
        data={dashboard({
          candidates: null,
          reclaimed: null,
          protections_active: null,
          auto_delete_task_enabled: null,
          disks: null,
        })}
        showCandidates
        isAdmin
      />,
    );
    for (const name of [
      'Candidates',
      'Reclaimed space',
      'Protections',
      'Next automatic deletion',
      'Disk space',
    ])
      expect(within(card(name)).getByText(/unavailable/i)).toBeInTheDocument();
    expect(within(card('Library')).queryByText(/unavailable/i)).not.toBeInTheDocument();
    expect(within(card('Pending requests')).getByText('2')).toBeInTheDocument();
  });

  it('leaves out candidates and disks for a user without access to them', () => {
    renderWithProviders(
      <DashboardView
        data={dashboard({ candidates: null, disks: null })}
        showCandidates={false}
        isAdmin={false}
      />,
    );
    expect(screen.queryByRole('region', { name: 'Candidates' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Disk space' })).not.toBeInTheDocument();
    expect(screen.queryByText(/unavailable/i)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your pending requests' })).toBeInTheDocument();
  });

  it('says automatic deletion is off when its task is disabled', () => {
    renderWithProviders(
      <DashboardView
        data={dashboard({ auto_delete_task_enabled: false, next_auto_delete_at: null })}
        showCandidates
        isAdmin
      />,
    );
    expect(within(card('Next automatic deletion')).getByText(/is off/)).toBeInTheDocument();
  });
});
