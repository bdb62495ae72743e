import { render, screen, within } from '@testing-library/react';
import { CandidateReasons } from './CandidateReasons';

const names = new Map([
  [6, 'Old and unwatched'],
  [7, 'Large files'],
]);

describe('CandidateReasons', () => {
  it('shows each matched rule by name with its conditions, expected and actual values', () => {
    render(
      <CandidateReasons
        ruleIds={[6]}
        ruleNames={names}
        reason=""
        criteria={{
          '6': [
            {
              path: 'definition.root.children[0]',
              field: 'watch.view_count',
              operator: 'equals',
              value: 0,
              actual: 0,
              result: 'match',
            },
            {
              path: 'definition.root.children[1]',
              field: 'tmdb.genres',
              operator: 'contains_any',
              value: ['Horror', 'Thriller'],
              actual: ['Thriller', 'Crime'],
              result: 'match',
            },
            {
              path: 'definition.root.children[2]',
              field: 'media.days_since_added',
              operator: 'greater_than',
              value: 365,
              actual: 400,
              result: 'no_match',
            },
          ],
        }}
      />,
    );
    const rule = screen.getByRole('region', { name: 'Rule Old and unwatched' });
    expect(within(rule).getByRole('heading', { name: 'Old and unwatched' })).toBeInTheDocument();
    const rows = within(rule).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const genres = within(rows[2]!).getAllByRole('cell');
    expect(genres.map((cell) => cell.textContent)).toEqual([
      'tmdb.genres',
      'contains any of',
      'Horror, Thriller',
      'Thriller, Crime',
      'matched',
    ]);
    const days = within(rows[3]!).getAllByRole('cell');
    expect(days[3]).toHaveTextContent('400 days');
    expect(days[4]).toHaveTextContent('not matched');
  });

  it('marks unknown results and unavailable actual values', () => {
    render(
      <CandidateReasons
        ruleIds={[6]}
        ruleNames={names}
        reason=""
        criteria={{
          '6': [
            {
              field: 'watch.never_watched',
              operator: 'is_true',
              value: null,
              actual: '<unavailable>',
              result: 'unknown',
            },
          ],
        }}
      />,
    );
    const cells = screen.getAllByRole('cell');
    expect(cells[2]).toHaveTextContent('—');
    expect(cells[3]).toHaveTextContent('unavailable');
    expect(cells[4]).toHaveTextContent('unknown');
  });

  it('writes sizes in binary units', () => {
    render(
      <CandidateReasons
        ruleIds={[7]}
        ruleNames={names}
        reason=""
        criteria={{
          '7': [
            {
              field: 'media.size_bytes',
              operator: 'greater_than',
              value: 20 * 1024 ** 3,
              actual: 41.2 * 1024 ** 3,
              result: 'match',
            },
          ],
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Large files' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: /^20[.,]0 GiB$/ })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: /^41[.,]2 GiB$/ })).toBeInTheDocument();
  });

  it('falls back to the rule id and the reason text when nothing was recorded', () => {
    render(
      <CandidateReasons ruleIds={[99]} ruleNames={names} reason="Rule 99: old" criteria={{}} />,
    );
    expect(screen.getByRole('heading', { name: 'Rule #99' })).toBeInTheDocument();
    expect(screen.getByText(/Rule 99: old/)).toBeInTheDocument();
  });
});
