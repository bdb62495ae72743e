import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { RuleEditor } from './RuleEditor';
import { RuleServicesProvider, type RuleEditorServices } from './services';
import { FIELDS, fakeServices, ruleInvalid } from './testFixtures';

function renderEditor(services: RuleEditorServices = fakeServices()) {
  const onSaved = vi.fn();
  renderWithProviders(
    <RuleServicesProvider value={services}>
      <RuleEditor fields={FIELDS} rule={null} onSaved={onSaved} />
    </RuleServicesProvider>,
  );
  return { user: userEvent.setup(), onSaved };
}

const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

const sentence = () => screen.getByLabelText('Rule in words');

describe('RuleEditor', () => {
  it('builds a nested rule by label: operators and value input follow the field, the sentence follows the tree', async () => {
    const { user } = renderEditor();
    await user.type(screen.getByLabelText('Name'), 'Old');

    await user.selectOptions(screen.getByLabelText('Field'), 'Days since last watched');
    expect(optionNames(screen.getByLabelText('Operator'))).toEqual([
      'is more than',
      'is less than',
      'is',
      'is known',
      'is not known',
    ]);
    expect(screen.getByLabelText('Value')).toHaveAttribute('type', 'number');
    await user.type(screen.getByLabelText('Value'), '90');
    expect(sentence()).toHaveTextContent(
      'Movie files whose days since last watched is more than 90 days.',
    );

    await user.selectOptions(screen.getByLabelText('Operator'), 'is known');
    expect(screen.queryByLabelText('Value')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Operator'), 'is more than');
    await user.type(screen.getByLabelText('Value'), '90');

    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const nested = screen.getByRole('group', { name: 'Group at level 2' });
    await user.selectOptions(
      within(nested).getByLabelText('Match conditions of group at level 2'),
      'any (OR)',
    );
    await user.selectOptions(within(nested).getByLabelText('Field'), 'Genres');
    expect(optionNames(within(nested).getByLabelText('Operator'))).toEqual([
      'includes any of',
      'includes all of',
      'includes none of',
    ]);
    await user.type(within(nested).getByLabelText('Value'), 'hor');
    await user.click(await within(nested).findByRole('button', { name: 'Horror' }));
    expect(within(nested).getByRole('button', { name: 'Remove Horror' })).toBeInTheDocument();

    await user.click(within(nested).getByRole('button', { name: 'Add condition' }));
    const fieldsInGroup = within(nested).getAllByLabelText('Field');
    await user.selectOptions(fieldsInGroup[1]!, 'Size');
    const size = within(nested).getAllByLabelText('Value')[1]!;
    await user.selectOptions(within(nested).getByLabelText('Unit'), 'GiB');
    await user.type(size, '10');

    expect(sentence()).toHaveTextContent(
      'Movie files whose days since last watched is more than 90 days AND (genres includes any of "Horror" OR size is more than 10.0 GiB).',
    );

    await user.click(within(nested).getAllByRole('button', { name: 'Remove condition' })[0]!);
    expect(sentence()).toHaveTextContent('AND size is more than 10.0 GiB.');
    await user.click(screen.getByRole('button', { name: 'Remove group' }));
    expect(sentence()).toHaveTextContent(
      'Movie files whose days since last watched is more than 90 days.',
    );
  }, 30_000);

  it('offers only the fields of the target scope and enum values from the field schema', async () => {
    const { user } = renderEditor();
    expect(optionNames(screen.getByLabelText('Field'))).not.toContain('Season number');
    await user.selectOptions(screen.getByLabelText('Media type'), 'Series');
    await user.selectOptions(screen.getByLabelText('Target scope'), 'Episodes');
    expect(optionNames(screen.getByLabelText('Field'))).toContain('Season number');

    await user.selectOptions(screen.getByLabelText('Field'), 'Resolution');
    expect(optionNames(screen.getByLabelText('Value'))).toEqual([
      'Choose…',
      'sd',
      '720p',
      '1080p',
      '2160p',
    ]);
    await user.selectOptions(screen.getByLabelText('Value'), '2160p');
    expect(sentence()).toHaveTextContent('Episodes whose resolution is "2160p".');
  });

  it('checks a regex with the rules engine as the user types', async () => {
    const { user } = renderEditor();
    await user.selectOptions(screen.getByLabelText('Field'), 'Title');
    await user.selectOptions(screen.getByLabelText('Operator'), 'matches the pattern');
    await user.type(screen.getByLabelText('Value'), 'a(?=b)');
    expect(
      await screen.findByText('Invalid pattern: look-around is not supported'),
    ).toBeInTheDocument();
  });

  it('places each 422 rule_invalid error on its control and lists them all', async () => {
    const save = vi.fn<RuleEditorServices['save']>().mockRejectedValue(
      ruleInvalid([
        {
          name: 'definition.root.children[1].children[0].value',
          message: 'Must be between 0 and 36500.',
        },
        { name: 'name', message: 'Name is required.' },
      ]),
    );
    const { user, onSaved } = renderEditor(fakeServices({ save }));
    await user.selectOptions(screen.getByLabelText('Field'), 'Title');
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const nested = screen.getByRole('group', { name: 'Group at level 2' });
    await user.selectOptions(within(nested).getByLabelText('Field'), 'Days since last watched');
    await user.click(screen.getByRole('button', { name: 'Save rule' }));

    const value = within(nested).getByLabelText('Value');
    await waitFor(() => expect(value).toHaveAttribute('aria-invalid', 'true'));
    expect(value).toHaveAccessibleDescription('Must be between 0 and 36500.');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required.');
    const list = screen.getByRole('alert', { name: 'Problems with this rule' });
    expect(list).toHaveTextContent('Must be between 0 and 36500.');
    expect(save.mock.calls[0]?.[0].definition).toMatchObject({ version: 1, root: { op: 'and' } });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('puts 409 name_taken on Name', async () => {
    const save = vi.fn<RuleEditorServices['save']>().mockRejectedValue({
      ...ruleInvalid([]),
      status: 409,
      code: 'name_taken',
      detail: 'A rule with this name exists.',
    });
    const { user } = renderEditor(fakeServices({ save }));
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
        'A rule with this name exists.',
      ),
    );
  });

  it('previews the draft: summary counts and each match with its conditions', async () => {
    const preview = vi.fn<RuleEditorServices['preview']>().mockResolvedValue({
      summary: {
        evaluated: 10,
        matched: 1,
        unknown: 0,
        no_match: 9,
        already_protected: 0,
        already_candidates: 0,
        would_schedule: 1,
      },
      items: [
        {
          target: {
            scope: 'version',
            media_id: 3,
            movie_version_id: 4,
            series_id: null,
            season_id: null,
            episode_id: null,
            title: 'Heat',
            season_number: null,
            episode_number: null,
          },
          verdict: 'match',
          protected: false,
          existing_candidate_id: null,
          conditions: [
            {
              path: 'root.children[0]',
              field: 'watch.days_since_last_watched',
              operator: 'greater_than',
              value: 90,
              actual: 400,
              result: 'match',
            },
          ],
        },
      ],
      sources: [],
      page: 1,
      per_page: 50,
      total: 1,
    });
    const { user } = renderEditor(fakeServices({ preview }));
    expect(screen.queryByRole('button', { name: 'Compare with saved' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const panel = screen.getByRole('complementary', { name: 'Preview' });
    expect(await within(panel).findByText('Heat')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Preview summary')).toHaveTextContent('Evaluated10');
    expect(panel).toHaveTextContent('Days since last watched is more than 90 — actual 400: match');
    expect(preview.mock.calls[0]?.[0]).toMatchObject({
      mode: 'matches',
      media_type: 'movie',
      target_scope: 'movie_version',
    });
  });
});
