import { render, screen } from '@testing-library/react';
import { newCandidate, newGroup } from './fixtures';
import { operationSummary } from './operation-summary';
import { OperationSummaryText } from './OperationSummaryText';
import { selectedOf } from './target';

const GiB = 1024 ** 3;

function heat() {
  const a = newCandidate({ id: 1, estimated_space_bytes: 20 * GiB });
  const b = newCandidate({
    id: 2,
    movie_version_id: 101,
    estimated_space_bytes: 21.2 * GiB,
    arr_action: 'unmonitor',
    media_server_action: 'none',
    version: {
      file_name: 'Heat.2160p.mkv',
      size_bytes: 21.2 * GiB,
      resolution: '2160p',
      video_codec: 'hevc',
      hdr: true,
      dolby_vision: false,
    },
  });
  const group = newGroup([a, b]);
  return [selectedOf(group, a), selectedOf(group, b)];
}

describe('the manual delete confirmation', () => {
  it('names the count, the title and the total size in binary units', () => {
    const { headline, from, lines } = operationSummary('delete', heat());
    expect(headline).toMatch(/^Delete 2 files of Heat \(1995\), 41[.,]2 GiB$/);
    expect(from).toBe('From Radarr, else the main media server.');
    expect(lines[0]).toMatch(/^Heat \(1995\) — version 1080p — 20[.,]0 GiB \(Arr deletes/);
    expect(lines[1]).toContain('version 2160p');
    expect(lines[1]).toContain('keeps the entry unmonitored; the media server leaves it');
  });

  it('counts titles when several go, and says where a move sends them', () => {
    const items = heat();
    const other = newCandidate({ id: 3, media_id: 11, estimated_space_bytes: GiB });
    items.push(selectedOf({ ...newGroup([other]), title: 'Ronin', year: 1998 }, other));
    const { headline, from, lines } = operationSummary('move', items);
    expect(from).toBe('Moved by Radarr to the move destination.');
    expect(headline).toMatch(/^Move 3 files of 2 titles, 42[.,]2 GiB$/);
    expect(lines[2]).toContain('Ronin (1998) — version 1080p');
    expect(lines[2]).toContain('moved to the move destination');
  });

  it('shows every title and target in the dialog text', () => {
    render(<OperationSummaryText kind="delete" items={heat()} />);
    expect(screen.getByText(/^Delete 2 files of Heat \(1995\), 41[.,]2 GiB$/)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText(/version 2160p/)).toBeInTheDocument();
  });
});
