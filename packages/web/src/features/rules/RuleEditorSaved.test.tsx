import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { newRuleState } from './editorReducer';
import { isJsonObject, type RuleView } from './model';
import { RuleEditor } from './RuleEditor';
import { RuleServicesProvider, type RuleEditorServices } from './services';
import { FIELDS, fakeServices, ruleInvalid } from './testFixtures';

const root = {
  type: 'group',
  op: 'and',
  enabled: true,
  children: [
    { type: 'condition', field: 'watch.never_watched', operator: 'is_true', enabled: true },
    {
      type: 'condition',
      field: 'media.path',
      operator: 'starts_with_any',
      value: ['/media/movies'],
      enabled: true,
    },
  ],
};

function savedRule(): RuleView {
  if (!isJsonObject(root)) throw new Error('fixture');
  return {
    id: 7,
    name: 'Never watched',
    description: null,
    media_type: 'movie',
    enabled: true,
    target_scope: 'movie_version',
    definition: { version: 1, root },
    action: newRuleState().action,
    revision: 3,
    candidate_count: 4,
    protection_count: 0,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-02T00:00:00Z',
  };
}

function renderSaved(services: RuleEditorServices) {
  renderWithProviders(
    <RuleServicesProvider value={services}>
      <RuleEditor
        fields={[
          ...FIELDS,
          {
            field: 'media.path',
            label: 'Path',
            type: 'path',
            scopes: ['movie_version'],
            operators: ['starts_with_any', 'matches_regex'],
            value_schema: {},
            source: 'catalog',
            first_release: true,
          },
        ]}
        rule={savedRule()}
        onSaved={vi.fn()}
      />
    </RuleServicesProvider>,
  );
  return userEvent.setup();
}

describe('RuleEditor with a saved rule', () => {
  it('shows the stored tree, checks its paths, and compares the draft with the saved rule', async () => {
    const preview = vi.fn<RuleEditorServices['preview']>().mockResolvedValue({
      summary: {
        added: 1,
        removed: 1,
        retimed_earlier: 1,
        retimed_later: 0,
        newly_auto_delete: 0,
        no_longer_auto_delete: 0,
        unchanged: 5,
        unknown: 0,
      },
      added: [
        {
          target: {
            scope: 'version',
            media_id: 1,
            movie_version_id: 2,
            series_id: null,
            season_id: null,
            episode_id: null,
            title: 'Alien',
            season_number: null,
            episode_number: null,
          },
          auto_delete: true,
          eligible_at: '2026-02-01T10:00:00Z',
        },
      ],
      removed: [
        {
          candidate_id: 9,
          target: {
            scope: 'version',
            media_id: 5,
            movie_version_id: 6,
            series_id: null,
            season_id: null,
            episode_id: null,
            title: 'Heat',
            season_number: null,
            episode_number: null,
          },
        },
      ],
      retimed: [
        {
          candidate_id: 10,
          title: 'Ronin',
          old_eligible_at: '2026-03-01T00:00:00Z',
          new_eligible_at: '2026-02-15T00:00:00Z',
          direction: 'earlier',
        },
      ],
      truncated: false,
    });
    const user = renderSaved(fakeServices({ preview }));
    expect(screen.getByLabelText('Name')).toHaveValue('Never watched');
    expect(screen.getByLabelText('Rule in words')).toHaveTextContent(
      'Movie files whose never watched is yes AND path is under any of "/media/movies".',
    );
    expect(await screen.findByText('/media/movies: 3 files, 3.0 GiB')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Compare with saved' }));
    const panel = screen.getByRole('complementary', { name: 'Preview' });
    expect(await within(panel).findByText('Alien', { exact: false })).toBeInTheDocument();
    expect(within(panel).getByText('Heat')).toBeInTheDocument();
    expect(within(panel).getByText(/Ronin/)).toHaveTextContent('(earlier)');
    expect(within(panel).getAllByRole('time').length).toBeGreaterThanOrEqual(3);
    expect(preview.mock.calls[0]?.[0]).toMatchObject({ rule_id: 7, mode: 'diff' });
  });

  it('places errors named definition.conditions[i] on the i-th condition', async () => {
    const save = vi
      .fn<RuleEditorServices['save']>()
      .mockRejectedValue(
        ruleInvalid([
          { name: 'definition.conditions[1].value', message: 'Path prefixes must be absolute.' },
        ]),
      );
    const user = renderSaved(fakeServices({ save }));
    await user.click(await screen.findByRole('checkbox', { name: 'Radarr 4K' }));
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Value')).toHaveAccessibleDescription(
        'Path prefixes must be absolute.',
      ),
    );
  });
});
