import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Schemas } from '../../api/client';
import { renderWithProviders } from '../../test-utils';
import { ProtectionRow } from './ProtectionRow';

function newEntry(overrides: Partial<Schemas['ProtectedEntry']> = {}): Schemas['ProtectedEntry'] {
  return {
    id: 5,
    media_type: 'movie',
    scope: 'movie',
    media_id: 1,
    movie_version_id: null,
    series_id: null,
    season_id: null,
    season_number: null,
    episode_id: null,
    episode_number: null,
    title: 'Heat',
    year: 1995,
    tmdb_id: 949,
    source: 'manual',
    reason: 'A classic',
    permanent: true,
    expires_at: null,
    active: true,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    source_rule_id: null,
    source_rule_name: null,
    created_by: { type: 'user', id: 1, name: 'Admin' },
    request_id: null,
    version_file_name: null,
    version_resolution: null,
    version_size: null,
    version_video_codec: null,
    version_hdr: null,
    version_dolby_vision: null,
    ...overrides,
  };
}

function renderRow(entry: Schemas['ProtectedEntry'], isAdmin = true) {
  renderWithProviders(
    <table>
      <tbody>
        <ProtectionRow
          entry={entry}
          isAdmin={isAdmin}
          onChangeDuration={vi.fn()}
          onRemove={vi.fn()}
        />
      </tbody>
    </table>,
  );
}

describe('ProtectionRow', () => {
  it('offers admins Change duration and Remove named after the target', () => {
    renderRow(newEntry());
    expect(
      screen.getByRole('button', { name: 'Change duration of Heat (1995)' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Remove protection of Heat (1995)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('permanent')).toBeInTheDocument();
  });

  it('shows a version entry’s details', () => {
    renderRow(
      newEntry({
        scope: 'version',
        movie_version_id: 9,
        version_file_name: 'Heat.2160p.mkv',
        version_resolution: '2160p',
        version_video_codec: 'hevc',
        version_hdr: true,
        version_dolby_vision: true,
        version_size: 44_255_936_512,
      }),
    );
    expect(screen.getByText(/version Heat\.2160p\.mkv/)).toBeInTheDocument();
    expect(screen.getByText('4K · HEVC · HDR · Dolby Vision · 41.2 GiB')).toBeInTheDocument();
  });

  it('says a rule-managed entry is changed through its rule, without actions', () => {
    renderRow(newEntry({ source: 'rule', source_rule_id: 3, source_rule_name: 'Keep favourites' }));
    expect(screen.getByText('Keep favourites')).toBeInTheDocument();
    expect(screen.getByText(/managed by its rule/i)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows users no actions', () => {
    renderRow(newEntry(), false);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
