import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { ProtectionForm } from './ProtectionForm';
import type { MediaItem } from './target';

const GiB = 1024 ** 3;

const base = {
  tmdb_id: 949,
  poster_url: null,
  candidate_ids: [],
  protection_ids: [],
  removed_at: null,
  candidates: [],
  protections: [],
};

const heat: MediaItem = {
  ...base,
  media_type: 'movie',
  media_id: 11,
  title: 'Heat',
  year: 1995,
  size_bytes: 41.2 * GiB,
  versions: [
    {
      id: 901,
      file_name: 'Heat.1995.1080p.mkv',
      size_bytes: 11.2 * GiB,
      resolution: '1080p',
      video_codec: 'h264',
      hdr: false,
      dolby_vision: false,
      added_at: '2026-01-01T00:00:00Z',
    },
    {
      id: 902,
      file_name: 'Heat.1995.2160p.mkv',
      size_bytes: 30 * GiB,
      resolution: '2160p',
      video_codec: 'hevc',
      hdr: true,
      dolby_vision: false,
      added_at: '2026-01-02T00:00:00Z',
    },
  ],
  seasons: [],
};

const lost: MediaItem = {
  ...base,
  media_type: 'series',
  media_id: 21,
  title: 'Lost',
  year: 2004,
  size_bytes: 300 * GiB,
  versions: [],
  seasons: [
    {
      id: 31,
      season_number: 1,
      episodes: [
        { id: 41, episode_number: 1, title: 'Pilot', air_date: '2004-09-22', has_file: true },
        { id: 42, episode_number: 2, title: null, air_date: null, has_file: false },
      ],
    },
  ],
};

function renderForm(item: MediaItem, mode: 'protect' | 'request' = 'protect') {
  const onSubmit = vi.fn();
  renderWithProviders(
    <ProtectionForm
      item={item}
      mode={mode}
      pending={false}
      problem={null}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

describe('ProtectionForm target choice', () => {
  it('protects the whole movie permanently by default', async () => {
    const onSubmit = renderForm(heat);
    await userEvent.click(screen.getByRole('button', { name: 'Protect' }));
    expect(onSubmit).toHaveBeenCalledWith({ media_type: 'movie', media_id: 11 });
  });

  it('protects one version for a number of days, with the reason', async () => {
    const onSubmit = renderForm(heat);
    const target = screen.getByLabelText('What to protect');
    expect(
      screen.getAllByRole('option').map((o) => o.textContent?.replace(/[\d.,]+ GiB/, 'N GiB')),
    ).toEqual([
      'Whole movie: Heat (1995)',
      'Heat.1995.1080p.mkv · 1080p · N GiB',
      'Heat.1995.2160p.mkv · 2160p · N GiB',
    ]);
    await userEvent.selectOptions(target, screen.getByRole('option', { name: /2160p\.mkv/ }));
    await userEvent.type(screen.getByLabelText('Reason (optional)'), 'Director’s favourite');
    await userEvent.click(screen.getByRole('radio', { name: 'For a number of days' }));
    await userEvent.clear(screen.getByLabelText('Days'));
    await userEvent.type(screen.getByLabelText('Days'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Protect' }));
    expect(onSubmit).toHaveBeenCalledWith({
      media_type: 'movie',
      media_id: 11,
      movie_version_id: 902,
      reason: 'Director’s favourite',
      duration_days: 30,
    });
  });

  it('offers the series, each season and each episode, and sends the one chosen', async () => {
    const onSubmit = renderForm(lost, 'request');
    const target = screen.getByLabelText('What to keep');
    expect(screen.getByRole('option', { name: 'Whole series: Lost (2004)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Season 1' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'S01E02' })).toBeInTheDocument();
    await userEvent.selectOptions(target, screen.getByRole('option', { name: 'S01E01 · Pilot' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(onSubmit).toHaveBeenCalledWith({ media_type: 'series', media_id: 21, episode_id: 41 });
  });

  it('refuses a duration outside 1…3650 days before sending', async () => {
    const onSubmit = renderForm(heat);
    await userEvent.click(screen.getByRole('radio', { name: 'For a number of days' }));
    await userEvent.clear(screen.getByLabelText('Days'));
    await userEvent.type(screen.getByLabelText('Days'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Protect' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('explains a conflict in plain words', () => {
    renderWithProviders(
      <ProtectionForm
        item={heat}
        mode="protect"
        pending={false}
        problem={{
          type: 'urn:mcs:problem:covered_by_existing_protection',
          title: 'Conflict',
          status: 409,
          detail: 'Protection 57 already covers this target.',
          code: 'covered_by_existing_protection',
          request_id: 'r1',
        }}
        onSubmit={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/broader protection already covers/);
    expect(screen.getByRole('alert')).toHaveTextContent(/Protection 57/);
  });
});
